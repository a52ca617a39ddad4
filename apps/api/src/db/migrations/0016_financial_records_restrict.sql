-- Financial records (purchases, payment attempts, refunds, invoices, credit notes) are never removed
-- by deleting the event or an account they name, nor do they lose their links: ON DELETE RESTRICT.
-- The API checks first and answers 409 with what to do instead (archive, deactivate, anonymise).
ALTER TABLE "allocation_purchases" DROP CONSTRAINT "allocation_purchases_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "allocation_purchases" DROP CONSTRAINT "allocation_purchases_requested_by_admin_id_admins_id_fk";
--> statement-breakpoint
ALTER TABLE "allocation_purchases" DROP CONSTRAINT "allocation_purchases_exhibitor_id_admins_id_fk";
--> statement-breakpoint
ALTER TABLE "allocation_purchases" DROP CONSTRAINT "allocation_purchases_decided_by_admin_id_admins_id_fk";
--> statement-breakpoint
ALTER TABLE "credit_notes" DROP CONSTRAINT "credit_notes_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "credit_notes" DROP CONSTRAINT "credit_notes_allocation_purchase_id_allocation_purchases_id_fk";
--> statement-breakpoint
ALTER TABLE "credit_notes" DROP CONSTRAINT "credit_notes_invoice_id_invoices_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_allocation_purchase_id_allocation_purchases_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_attempts" DROP CONSTRAINT "payment_attempts_allocation_purchase_id_allocation_purchases_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_attempts" DROP CONSTRAINT "payment_attempts_created_by_admin_id_admins_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_refunds" DROP CONSTRAINT "payment_refunds_allocation_purchase_id_allocation_purchases_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_refunds" DROP CONSTRAINT "payment_refunds_payment_attempt_id_payment_attempts_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_refunds" DROP CONSTRAINT "payment_refunds_created_by_admin_id_admins_id_fk";
--> statement-breakpoint
ALTER TABLE "allocation_purchases" ADD CONSTRAINT "allocation_purchases_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_purchases" ADD CONSTRAINT "allocation_purchases_requested_by_admin_id_admins_id_fk" FOREIGN KEY ("requested_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_purchases" ADD CONSTRAINT "allocation_purchases_exhibitor_id_admins_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."admins"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_purchases" ADD CONSTRAINT "allocation_purchases_decided_by_admin_id_admins_id_fk" FOREIGN KEY ("decided_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_allocation_purchase_id_allocation_purchases_id_fk" FOREIGN KEY ("allocation_purchase_id") REFERENCES "public"."allocation_purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_allocation_purchase_id_allocation_purchases_id_fk" FOREIGN KEY ("allocation_purchase_id") REFERENCES "public"."allocation_purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_allocation_purchase_id_allocation_purchases_id_fk" FOREIGN KEY ("allocation_purchase_id") REFERENCES "public"."allocation_purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_created_by_admin_id_admins_id_fk" FOREIGN KEY ("created_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_allocation_purchase_id_allocation_purchases_id_fk" FOREIGN KEY ("allocation_purchase_id") REFERENCES "public"."allocation_purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("payment_attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_created_by_admin_id_admins_id_fk" FOREIGN KEY ("created_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE restrict ON UPDATE no action;