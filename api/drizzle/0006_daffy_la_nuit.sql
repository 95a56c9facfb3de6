CREATE TABLE "support_contact_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"general_email" text,
	"technical_email" text,
	"billing_email" text,
	"sales_email" text,
	"organization" text,
	"address_line1" text,
	"address_line2" text,
	"city" text,
	"province" text,
	"postal_code" text,
	"country" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_ticket_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"author_id" uuid,
	"side" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "contract_id" uuid;--> statement-breakpoint
ALTER TABLE "support_contact_settings" ADD CONSTRAINT "support_contact_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_replies" ADD CONSTRAINT "support_ticket_replies_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_replies" ADD CONSTRAINT "support_ticket_replies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_replies" ADD CONSTRAINT "support_ticket_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_ticket_replies_ticket_idx" ON "support_ticket_replies" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "support_tickets_status_idx" ON "support_tickets" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "audit_events_company_user_idx" ON "audit_events" USING btree ("company_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_events_company_action_idx" ON "audit_events" USING btree ("company_id","action","created_at");--> statement-breakpoint
CREATE INDEX "audit_events_company_contract_idx" ON "audit_events" USING btree ("company_id","contract_id","created_at");--> statement-breakpoint
-- Written by hand after generation: earlier events name their contract in entity_id or data.contractId.
UPDATE "audit_events" SET "contract_id" = CASE
	WHEN "entity_type" = 'contract' AND "entity_id" ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN "entity_id"::uuid
	WHEN "data"->>'contractId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN ("data"->>'contractId')::uuid
END WHERE "contract_id" IS NULL;
