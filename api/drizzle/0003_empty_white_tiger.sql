ALTER TABLE "company_settings" ADD COLUMN "retention_days" integer;--> statement-breakpoint
ALTER TABLE "exhibits" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "exhibits" ADD CONSTRAINT "exhibits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;