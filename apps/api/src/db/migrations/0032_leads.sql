CREATE TABLE "exhibitor_lead_settings" (
	"exhibitor_id" integer PRIMARY KEY NOT NULL,
	"scanning_enabled" boolean,
	"share_with_team" boolean DEFAULT false NOT NULL,
	"purge_reminder_sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_captures" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lead_captures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lead_id" integer NOT NULL,
	"admin_id" integer,
	"nonce" text NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_exports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lead_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"exhibitor_id" integer NOT NULL,
	"admin_id" integer,
	"by_name" text NOT NULL,
	"format" text NOT NULL,
	"rows" integer NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_notes" (
	"lead_id" integer NOT NULL,
	"id" text NOT NULL,
	"text" text NOT NULL,
	"author_admin_id" integer,
	"author_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_notes_lead_id_id_pk" PRIMARY KEY("lead_id","id")
);
--> statement-breakpoint
CREATE TABLE "lead_settings" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"released_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ask_consent" boolean DEFAULT false NOT NULL,
	"consent_wording" text,
	"consent_version" integer DEFAULT 0 NOT NULL,
	"retention_days" integer DEFAULT 60 NOT NULL,
	"scanning_by_default" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_settings_retention_positive" CHECK ("lead_settings"."retention_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "leads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"exhibitor_id" integer NOT NULL,
	"badge_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"company" text,
	"scanned_by_admin_id" integer,
	"scanned_by_name" text NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"consent_given" boolean,
	"consent_version" integer,
	"rating" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"scans" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_rating_known" CHECK ("leads"."rating" IS NULL OR "leads"."rating" IN ('cold', 'warm', 'hot'))
);
--> statement-breakpoint
DROP INDEX "custom_fields_scope_key_key";--> statement-breakpoint
ALTER TABLE "badges" ADD COLUMN "lead_consent_version" integer;--> statement-breakpoint
ALTER TABLE "badges" ADD COLUMN "lead_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD COLUMN "exhibitor_id" integer;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD COLUMN "is_private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exhibitor_lead_settings" ADD CONSTRAINT "exhibitor_lead_settings_exhibitor_id_admins_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_captures" ADD CONSTRAINT "lead_captures_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_captures" ADD CONSTRAINT "lead_captures_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_exports" ADD CONSTRAINT "lead_exports_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_exports" ADD CONSTRAINT "lead_exports_exhibitor_id_admins_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_exports" ADD CONSTRAINT "lead_exports_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_author_admin_id_admins_id_fk" FOREIGN KEY ("author_admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_settings" ADD CONSTRAINT "lead_settings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_exhibitor_id_admins_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_badge_id_badges_id_fk" FOREIGN KEY ("badge_id") REFERENCES "public"."badges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_scanned_by_admin_id_admins_id_fk" FOREIGN KEY ("scanned_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_captures_admin_nonce_key" ON "lead_captures" USING btree ("admin_id","nonce");--> statement-breakpoint
CREATE INDEX "lead_captures_lead_idx" ON "lead_captures" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "lead_exports_exhibitor_idx" ON "lead_exports" USING btree ("exhibitor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_exhibitor_badge_key" ON "leads" USING btree ("exhibitor_id","badge_id");--> statement-breakpoint
CREATE INDEX "leads_exhibitor_scanned_idx" ON "leads" USING btree ("exhibitor_id","scanned_at","id");--> statement-breakpoint
CREATE INDEX "leads_scanner_scanned_idx" ON "leads" USING btree ("scanned_by_admin_id","scanned_at");--> statement-breakpoint
CREATE INDEX "leads_event_exhibitor_idx" ON "leads" USING btree ("event_id","exhibitor_id");--> statement-breakpoint
CREATE INDEX "leads_tags_idx" ON "leads" USING gin ("tags");--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_exhibitor_id_admins_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_fields_exhibitor_idx" ON "custom_fields" USING btree ("exhibitor_id","sort_order") WHERE "custom_fields"."exhibitor_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_fields_scope_key_key" ON "custom_fields" USING btree ("event_id",coalesce("badge_category_id", 0),coalesce("exhibitor_id", 0),"entity_type","key");