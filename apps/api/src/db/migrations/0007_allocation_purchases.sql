CREATE TABLE "allocation_purchases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "allocation_purchases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"badge_category_id" integer NOT NULL,
	"requested_by_admin_id" integer NOT NULL,
	"exhibitor_id" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"quantity" integer NOT NULL,
	"accepted_amount" integer,
	"unit_price_cents" integer NOT NULL,
	"total_price_cents" integer NOT NULL,
	"amount_to_pay_cents" integer,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"places_removed" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"is_paid" boolean DEFAULT false NOT NULL,
	"comment" text,
	"decision_comment" text,
	"decided_by_admin_id" integer,
	"invoice_number" text,
	"payment_provider" text,
	"payment_reference" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "allocation_purchases_status_known" CHECK ("allocation_purchases"."status" IN ('requested', 'approved', 'rejected', 'paid', 'cancelled', 'refunded', 'partially_refunded')),
	CONSTRAINT "allocation_purchases_quantity_positive" CHECK ("allocation_purchases"."quantity" > 0),
	CONSTRAINT "allocation_purchases_accepted_within" CHECK ("allocation_purchases"."accepted_amount" IS NULL OR ("allocation_purchases"."accepted_amount" >= 1 AND "allocation_purchases"."accepted_amount" <= "allocation_purchases"."quantity")),
	CONSTRAINT "allocation_purchases_money_positive" CHECK ("allocation_purchases"."unit_price_cents" >= 0 AND "allocation_purchases"."total_price_cents" >= 0),
	CONSTRAINT "allocation_purchases_refund_within" CHECK ("allocation_purchases"."refunded_cents" >= 0 AND "allocation_purchases"."refunded_cents" <= coalesce("allocation_purchases"."amount_to_pay_cents", 0)),
	CONSTRAINT "allocation_purchases_places_removed_within" CHECK ("allocation_purchases"."places_removed" >= 0 AND "allocation_purchases"."places_removed" <= coalesce("allocation_purchases"."accepted_amount", 0))
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"allocation_purchase_id" integer,
	"invoice_id" integer NOT NULL,
	"kind" text NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_amount_positive" CHECK ("credit_notes"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"event_id" integer NOT NULL,
	"kind" text NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "document_counters_event_id_kind_pk" PRIMARY KEY("event_id","kind"),
	CONSTRAINT "document_counters_kind_known" CHECK ("document_counters"."kind" IN ('invoice', 'credit_note'))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"allocation_purchase_id" integer,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"allocation_purchase_id" integer NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"payment_reference" text,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"created_by_admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_attempts_state_known" CHECK ("payment_attempts"."state" IN ('open', 'succeeded', 'failed', 'expired')),
	CONSTRAINT "payment_attempts_amount_positive" CHECK ("payment_attempts"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"allocation_purchase_id" integer NOT NULL,
	"payment_attempt_id" integer,
	"provider" text NOT NULL,
	"external_id" text,
	"amount_cents" integer NOT NULL,
	"places_removed" integer DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"created_by_admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_amount_positive" CHECK ("payment_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "processed_webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"allocation_purchase_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_sessions_state_known" CHECK ("sandbox_sessions"."state" IN ('open', 'succeeded', 'failed', 'abandoned')),
	CONSTRAINT "sandbox_sessions_refund_within" CHECK ("sandbox_sessions"."refunded_cents" >= 0 AND "sandbox_sessions"."refunded_cents" <= "sandbox_sessions"."amount_cents")
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "accounting_email" text;--> statement-breakpoint
ALTER TABLE "allocation_purchases" ADD CONSTRAINT "allocation_purchases_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_purchases" ADD CONSTRAINT "allocation_purchases_badge_category_id_badge_categories_id_fk" FOREIGN KEY ("badge_category_id") REFERENCES "public"."badge_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_purchases" ADD CONSTRAINT "allocation_purchases_requested_by_admin_id_admins_id_fk" FOREIGN KEY ("requested_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_purchases" ADD CONSTRAINT "allocation_purchases_exhibitor_id_admins_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_purchases" ADD CONSTRAINT "allocation_purchases_decided_by_admin_id_admins_id_fk" FOREIGN KEY ("decided_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_allocation_purchase_id_allocation_purchases_id_fk" FOREIGN KEY ("allocation_purchase_id") REFERENCES "public"."allocation_purchases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_counters" ADD CONSTRAINT "document_counters_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_allocation_purchase_id_allocation_purchases_id_fk" FOREIGN KEY ("allocation_purchase_id") REFERENCES "public"."allocation_purchases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_allocation_purchase_id_allocation_purchases_id_fk" FOREIGN KEY ("allocation_purchase_id") REFERENCES "public"."allocation_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_created_by_admin_id_admins_id_fk" FOREIGN KEY ("created_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_allocation_purchase_id_allocation_purchases_id_fk" FOREIGN KEY ("allocation_purchase_id") REFERENCES "public"."allocation_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("payment_attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_created_by_admin_id_admins_id_fk" FOREIGN KEY ("created_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_sessions" ADD CONSTRAINT "sandbox_sessions_allocation_purchase_id_allocation_purchases_id_fk" FOREIGN KEY ("allocation_purchase_id") REFERENCES "public"."allocation_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allocation_purchases_event_order_idx" ON "allocation_purchases" USING btree ("event_id","requested_at","id");--> statement-breakpoint
CREATE INDEX "allocation_purchases_exhibitor_idx" ON "allocation_purchases" USING btree ("exhibitor_id","requested_at");--> statement-breakpoint
CREATE INDEX "allocation_purchases_requester_idx" ON "allocation_purchases" USING btree ("requested_by_admin_id");--> statement-breakpoint
CREATE INDEX "allocation_purchases_category_idx" ON "allocation_purchases" USING btree ("badge_category_id");--> statement-breakpoint
CREATE INDEX "allocation_purchases_requested_idx" ON "allocation_purchases" USING btree ("event_id") WHERE "allocation_purchases"."status" = 'requested';--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_event_sequence_key" ON "credit_notes" USING btree ("event_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_event_number_key" ON "credit_notes" USING btree ("event_id","number");--> statement-breakpoint
CREATE INDEX "credit_notes_purchase_idx" ON "credit_notes" USING btree ("allocation_purchase_id");--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_idx" ON "credit_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_event_sequence_key" ON "invoices" USING btree ("event_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_event_number_key" ON "invoices" USING btree ("event_id","number");--> statement-breakpoint
CREATE INDEX "invoices_purchase_idx" ON "invoices" USING btree ("allocation_purchase_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_provider_external_key" ON "payment_attempts" USING btree ("provider","external_id");--> statement-breakpoint
CREATE INDEX "payment_attempts_purchase_idx" ON "payment_attempts" USING btree ("allocation_purchase_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_attempts_reference_idx" ON "payment_attempts" USING btree ("payment_reference");--> statement-breakpoint
CREATE INDEX "payment_refunds_purchase_idx" ON "payment_refunds" USING btree ("allocation_purchase_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_provider_external_key" ON "payment_refunds" USING btree ("provider","external_id");--> statement-breakpoint
CREATE INDEX "sandbox_sessions_purchase_idx" ON "sandbox_sessions" USING btree ("allocation_purchase_id");--> statement-breakpoint
-- Sub-accounts now request and pay for places themselves; existing installations get the built-in
-- role's new permissions here (a fresh one gets them from the seed, run after the migrations).
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id" FROM "roles" r CROSS JOIN "permissions" p
 WHERE r."name" = 'Sub-Account' AND r."is_system"
   AND p."name" IN ('view_allocation_purchase', 'create_allocation_purchase', 'create_payment')
ON CONFLICT DO NOTHING;
