DROP INDEX "contracts_company_updated_idx";--> statement-breakpoint
CREATE INDEX "contracts_company_title_idx" ON "contracts" USING btree ("company_id",lower("title"),"id");--> statement-breakpoint
CREATE INDEX "contracts_company_client_idx" ON "contracts" USING btree ("company_id",lower(coalesce("client", '')),"id");--> statement-breakpoint
CREATE INDEX "contracts_company_status_rank_idx" ON "contracts" USING btree ("company_id",(case "status" when 'under_review' then 0 when 'pending_approval' then 1 when 'approved' then 2 when 'rejected' then 3 else 4 end),"id");--> statement-breakpoint
CREATE INDEX "contracts_company_priority_idx" ON "contracts" USING btree ("company_id",(case "priority" when 'low' then 0 when 'medium' then 1 when 'high' then 2 when 'urgent' then 3 else 1 end),"id");--> statement-breakpoint
CREATE INDEX "contracts_company_deadline_idx" ON "contracts" USING btree ("company_id",coalesce((case "status" when 'under_review' then "review_deadline" when 'pending_approval' then "approval_deadline" end), 'infinity'::timestamptz),"id");--> statement-breakpoint
CREATE INDEX "contracts_company_updated_idx" ON "contracts" USING btree ("company_id","updated_at","id");