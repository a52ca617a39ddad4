ALTER TABLE "email_outbox" ADD COLUMN "exhibitor_id" integer;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "recipient_admin_id" integer;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_exhibitor_id_admins_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_recipient_admin_id_admins_id_fk" FOREIGN KEY ("recipient_admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_exhibitor_idx" ON "email_outbox" USING btree ("exhibitor_id");--> statement-breakpoint
CREATE INDEX "email_outbox_recipient_idx" ON "email_outbox" USING btree ("recipient_admin_id");--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "email_outbox" USING btree ("created_at");--> statement-breakpoint
-- The outbox screen's permission, for existing installations (a fresh one gets it from the seed,
-- run after the migrations): organisers see their event's messages, exhibitors their own.
INSERT INTO "permissions" ("name", "area") VALUES ('view_email_outbox', 'Email templates') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id" FROM "roles" r CROSS JOIN "permissions" p
 WHERE r."name" IN ('System Admin', 'Event Admin', 'Exhibitor') AND r."is_system"
   AND p."name" = 'view_email_outbox'
ON CONFLICT DO NOTHING;
