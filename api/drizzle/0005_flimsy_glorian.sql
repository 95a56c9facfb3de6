ALTER TABLE "document_changes" ADD COLUMN "external_author" text;--> statement-breakpoint
ALTER TABLE "markups" ADD COLUMN "external_author" text;--> statement-breakpoint
ALTER TABLE "markups" ADD COLUMN "reply_to" uuid;--> statement-breakpoint
ALTER TABLE "markups" ADD CONSTRAINT "markups_reply_to_markups_id_fk" FOREIGN KEY ("reply_to") REFERENCES "public"."markups"("id") ON DELETE cascade ON UPDATE no action;