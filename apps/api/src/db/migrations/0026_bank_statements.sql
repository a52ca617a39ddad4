CREATE TABLE "bank_statement_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_statement_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"line_key" text NOT NULL,
	"allocation_purchase_id" integer NOT NULL,
	"payment_attempt_id" integer NOT NULL,
	"format" text NOT NULL,
	"booking_date" date,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"reference" text,
	"bank_reference" text,
	"payer" text,
	"matched_by" text NOT NULL,
	"recorded_by_admin_id" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statement_lines_amount_positive" CHECK ("bank_statement_lines"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_allocation_purchase_id_allocation_purchases_id_fk" FOREIGN KEY ("allocation_purchase_id") REFERENCES "public"."allocation_purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_payment_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("payment_attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_recorded_by_admin_id_admins_id_fk" FOREIGN KEY ("recorded_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_event_key" ON "bank_statement_lines" USING btree ("event_id","line_key");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_purchase_idx" ON "bank_statement_lines" USING btree ("allocation_purchase_id");