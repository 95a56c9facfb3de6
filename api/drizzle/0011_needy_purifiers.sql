-- Issue 17: date-only values become SQL dates (no time zone). They were stored as instants: a date typed
-- in a form became the end of that day (23:59:59.999) in the uploader's time zone (default
-- America/Toronto), and a default review deadline kept the wall-clock time of the upload. The day they
-- meant is read in America/Toronto after going back 6 hours, so that the end of a day anywhere from
-- Newfoundland to Hawaii (22:29 to 04:59 the next morning, Toronto time) stays on its own day; an
-- explicit time before 06:00 Toronto time (rare: API clients only) lands on the day before.
-- The deadline sort index (0010) is rebuilt over the dates.
DROP INDEX "contracts_company_deadline_idx";--> statement-breakpoint
ALTER TABLE "contracts" ALTER COLUMN "review_deadline" SET DATA TYPE date USING ((("review_deadline" AT TIME ZONE 'America/Toronto') - interval '6 hours')::date);--> statement-breakpoint
ALTER TABLE "contracts" ALTER COLUMN "approval_deadline" SET DATA TYPE date USING ((("approval_deadline" AT TIME ZONE 'America/Toronto') - interval '6 hours')::date);--> statement-breakpoint
ALTER TABLE "exhibits" ALTER COLUMN "expected_date" SET DATA TYPE date USING ((("expected_date" AT TIME ZONE 'America/Toronto') - interval '6 hours')::date);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "timezone" text DEFAULT 'America/Toronto' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "allow_single_approver" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "contracts_company_deadline_idx" ON "contracts" USING btree ("company_id",coalesce((case "status" when 'under_review' then "review_deadline" when 'pending_approval' then "approval_deadline" end), 'infinity'::date),"id");