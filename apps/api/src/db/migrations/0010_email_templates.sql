CREATE TABLE "email_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer,
	"badge_category_id" integer,
	"name" text NOT NULL,
	"purpose" text NOT NULL,
	"subject" text NOT NULL,
	"html_body" text NOT NULL,
	"text_body" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_templates_purpose_known" CHECK (purpose IN ('registration_link', 'badge_confirmation', 'invitation', 'purchase_update', 'password_reset')),
	CONSTRAINT "email_templates_category_needs_event" CHECK ("email_templates"."badge_category_id" IS NULL OR "email_templates"."event_id" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_badge_category_id_badge_categories_id_fk" FOREIGN KEY ("badge_category_id") REFERENCES "public"."badge_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_templates_lookup_idx" ON "email_templates" USING btree ("purpose","event_id","badge_category_id");--> statement-breakpoint
CREATE INDEX "email_templates_event_idx" ON "email_templates" USING btree ("event_id");