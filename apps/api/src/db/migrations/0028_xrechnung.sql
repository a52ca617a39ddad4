ALTER TABLE "allocation_purchases" ADD COLUMN "buyer_reference" text;--> statement-breakpoint
ALTER TABLE "allocation_purchases" ADD COLUMN "billing_street" text;--> statement-breakpoint
ALTER TABLE "allocation_purchases" ADD COLUMN "billing_postcode" text;--> statement-breakpoint
ALTER TABLE "allocation_purchases" ADD COLUMN "billing_city" text;--> statement-breakpoint
ALTER TABLE "event_invoicing" ADD COLUMN "issuer_street" text;--> statement-breakpoint
ALTER TABLE "event_invoicing" ADD COLUMN "issuer_postcode" text;--> statement-breakpoint
ALTER TABLE "event_invoicing" ADD COLUMN "issuer_city" text;--> statement-breakpoint
ALTER TABLE "event_invoicing" ADD COLUMN "issuer_contact_name" text;