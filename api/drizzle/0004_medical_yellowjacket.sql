ALTER TABLE "contracts" ADD COLUMN "our_party_role" text;--> statement-breakpoint
ALTER TABLE "analyses" ADD COLUMN "text_hash" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "citations" jsonb;