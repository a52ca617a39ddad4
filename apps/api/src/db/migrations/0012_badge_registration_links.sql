ALTER TABLE "registration_links" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registration_links" ADD COLUMN "email_template_id" integer;--> statement-breakpoint
ALTER TABLE "registration_links" ADD CONSTRAINT "registration_links_email_template_id_email_templates_id_fk" FOREIGN KEY ("email_template_id") REFERENCES "public"."email_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registration_links_owner_idx" ON "registration_links" USING btree ("exhibitor_id");