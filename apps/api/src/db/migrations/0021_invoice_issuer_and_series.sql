CREATE TABLE "document_series" (
	"prefix" text PRIMARY KEY NOT NULL,
	"last_value" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_invoicing" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"issuer_name" text,
	"issuer_address" text,
	"issuer_country" text,
	"issuer_vat_id" text,
	"issuer_registration_number" text,
	"issuer_iban" text,
	"issuer_bic" text,
	"issuer_email" text,
	"issuer_phone" text,
	"invoice_footer" text,
	"payment_terms_days" integer DEFAULT 14 NOT NULL,
	"invoice_prefix" text DEFAULT 'INV' NOT NULL,
	"credit_note_prefix" text DEFAULT 'CN' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_invoicing_terms_range" CHECK ("event_invoicing"."payment_terms_days" BETWEEN 0 AND 365)
);
--> statement-breakpoint
-- The portal-wide series start above every number the per-event counters gave, so no earlier number is given again.
INSERT INTO "document_series" ("prefix", "last_value") SELECT 'INV', max("sequence") FROM "invoices" HAVING count(*) > 0;--> statement-breakpoint
INSERT INTO "document_series" ("prefix", "last_value") SELECT 'CN', max("sequence") FROM "credit_notes" HAVING count(*) > 0;--> statement-breakpoint
ALTER TABLE "document_counters" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "document_counters" CASCADE;--> statement-breakpoint
DROP INDEX "credit_notes_event_sequence_key";--> statement-breakpoint
DROP INDEX "invoices_event_sequence_key";--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "series" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "series" text;--> statement-breakpoint
ALTER TABLE "event_invoicing" ADD CONSTRAINT "event_invoicing_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_series_sequence_key" ON "credit_notes" USING btree ("series","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_number_key" ON "credit_notes" USING btree ("number") WHERE "credit_notes"."series" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_sequence_key" ON "invoices" USING btree ("series","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number") WHERE "invoices"."series" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_event_sequence_key" ON "credit_notes" USING btree ("event_id","sequence") WHERE "credit_notes"."series" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_event_sequence_key" ON "invoices" USING btree ("event_id","sequence") WHERE "invoices"."series" IS NULL;