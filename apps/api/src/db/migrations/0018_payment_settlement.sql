CREATE TABLE "payment_status_syncs" (
	"allocation_purchase_id" integer PRIMARY KEY NOT NULL,
	"synced_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "applied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_status_syncs" ADD CONSTRAINT "payment_status_syncs_allocation_purchase_id_allocation_purchases_id_fk" FOREIGN KEY ("allocation_purchase_id") REFERENCES "public"."allocation_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_attempts_unapplied_idx" ON "payment_attempts" USING btree ("id") WHERE "payment_attempts"."state" = 'succeeded' AND "payment_attempts"."applied_at" IS NULL;--> statement-breakpoint
-- Until now a succeeded attempt was always applied in the transaction that recorded it.
UPDATE "payment_attempts" SET "applied_at" = "updated_at" WHERE "state" = 'succeeded';
