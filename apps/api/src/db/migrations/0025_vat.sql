ALTER TABLE "allocation_purchases" ADD COLUMN "buyer_vat_id" text;--> statement-breakpoint
ALTER TABLE "allocation_purchases" ADD COLUMN "vat_category" text DEFAULT 'O' NOT NULL;--> statement-breakpoint
ALTER TABLE "allocation_purchases" ADD COLUMN "vat_rate_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "allocation_purchases" ADD COLUMN "vat_listed_rate_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "allocation_purchases" ADD COLUMN "prices_include_tax" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "allocation_purchases" ADD COLUMN "vat_exemption_reason" text;--> statement-breakpoint
ALTER TABLE "allocation_purchases" ADD COLUMN "net_amount_cents" integer;--> statement-breakpoint
ALTER TABLE "allocation_purchases" ADD COLUMN "tax_amount_cents" integer;--> statement-breakpoint
ALTER TABLE "badge_categories" ADD COLUMN "vat_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "event_invoicing" ADD COLUMN "default_vat_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "event_invoicing" ADD COLUMN "prices_include_tax" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_invoicing" ADD COLUMN "vat_exemption_text" text;--> statement-breakpoint
ALTER TABLE "allocation_purchases" ADD CONSTRAINT "allocation_purchases_vat_rates_range" CHECK ("allocation_purchases"."vat_rate_bp" BETWEEN 0 AND 10000 AND "allocation_purchases"."vat_listed_rate_bp" BETWEEN 0 AND 10000);--> statement-breakpoint
ALTER TABLE "badge_categories" ADD CONSTRAINT "badge_categories_vat_rate_range" CHECK ("badge_categories"."vat_rate_bp" BETWEEN 0 AND 10000);--> statement-breakpoint
ALTER TABLE "event_invoicing" ADD CONSTRAINT "event_invoicing_vat_rate_range" CHECK ("event_invoicing"."default_vat_rate_bp" BETWEEN 0 AND 10000);--> statement-breakpoint
UPDATE "allocation_purchases" SET "net_amount_cents" = "amount_to_pay_cents", "tax_amount_cents" = 0 WHERE "amount_to_pay_cents" IS NOT NULL;
