CREATE TABLE "allocations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "allocations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"admin_id" integer NOT NULL,
	"badge_category_id" integer NOT NULL,
	"parent_allocation_id" integer,
	"quantity" integer NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "allocations_quantity_positive" CHECK ("allocations"."quantity" >= 0),
	CONSTRAINT "allocations_used_within" CHECK ("allocations"."used" >= 0)
);
--> statement-breakpoint
CREATE TABLE "badge_addons" (
	"badge_id" integer NOT NULL,
	"addon_category_id" integer NOT NULL,
	"allocation_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "badge_addons_badge_id_addon_category_id_pk" PRIMARY KEY("badge_id","addon_category_id")
);
--> statement-breakpoint
CREATE TABLE "badge_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "badge_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"display_name" text,
	"type" text DEFAULT 'badge' NOT NULL,
	"badge_type" text NOT NULL,
	"unit_price_cents" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "badge_categories_type_known" CHECK ("badge_categories"."type" IN ('badge', 'addon')),
	CONSTRAINT "badge_categories_badge_type_known" CHECK ("badge_categories"."badge_type" IN ('exhibitor', 'visitor', 'contractor', 'vip')),
	CONSTRAINT "badge_categories_price_positive" CHECK ("badge_categories"."unit_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "badge_field_values" (
	"badge_id" integer NOT NULL,
	"custom_field_id" integer NOT NULL,
	"value" jsonb,
	"file_id" text,
	CONSTRAINT "badge_field_values_badge_id_custom_field_id_pk" PRIMARY KEY("badge_id","custom_field_id")
);
--> statement-breakpoint
CREATE TABLE "badges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "badges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"badge_category_id" integer NOT NULL,
	"exhibitor_id" integer,
	"allocation_id" integer,
	"created_by_admin_id" integer,
	"registration_link_id" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"badge_type" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "badges_status_known" CHECK ("badges"."status" IN ('active', 'cancelled')),
	CONSTRAINT "badges_badge_type_known" CHECK ("badges"."badge_type" IN ('exhibitor', 'visitor', 'contractor', 'vip'))
);
--> statement-breakpoint
CREATE TABLE "custom_fields" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "custom_fields_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"badge_category_id" integer,
	"entity_type" text DEFAULT 'badge' NOT NULL,
	"label" text NOT NULL,
	"key" text NOT NULL,
	"type" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"help_text" text,
	"validation" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" integer,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"purpose" text NOT NULL,
	"created_by_admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_badge_category_id_badge_categories_id_fk" FOREIGN KEY ("badge_category_id") REFERENCES "public"."badge_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_parent_allocation_id_allocations_id_fk" FOREIGN KEY ("parent_allocation_id") REFERENCES "public"."allocations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_addons" ADD CONSTRAINT "badge_addons_badge_id_badges_id_fk" FOREIGN KEY ("badge_id") REFERENCES "public"."badges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_addons" ADD CONSTRAINT "badge_addons_addon_category_id_badge_categories_id_fk" FOREIGN KEY ("addon_category_id") REFERENCES "public"."badge_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_addons" ADD CONSTRAINT "badge_addons_allocation_id_allocations_id_fk" FOREIGN KEY ("allocation_id") REFERENCES "public"."allocations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_categories" ADD CONSTRAINT "badge_categories_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_field_values" ADD CONSTRAINT "badge_field_values_badge_id_badges_id_fk" FOREIGN KEY ("badge_id") REFERENCES "public"."badges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_field_values" ADD CONSTRAINT "badge_field_values_custom_field_id_custom_fields_id_fk" FOREIGN KEY ("custom_field_id") REFERENCES "public"."custom_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_badge_category_id_badge_categories_id_fk" FOREIGN KEY ("badge_category_id") REFERENCES "public"."badge_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_exhibitor_id_admins_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_allocation_id_allocations_id_fk" FOREIGN KEY ("allocation_id") REFERENCES "public"."allocations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_created_by_admin_id_admins_id_fk" FOREIGN KEY ("created_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_badge_category_id_badge_categories_id_fk" FOREIGN KEY ("badge_category_id") REFERENCES "public"."badge_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_created_by_admin_id_admins_id_fk" FOREIGN KEY ("created_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "allocations_admin_category_key" ON "allocations" USING btree ("admin_id","badge_category_id");--> statement-breakpoint
CREATE INDEX "allocations_event_idx" ON "allocations" USING btree ("event_id","badge_category_id");--> statement-breakpoint
CREATE INDEX "allocations_parent_idx" ON "allocations" USING btree ("parent_allocation_id");--> statement-breakpoint
CREATE INDEX "badge_addons_category_idx" ON "badge_addons" USING btree ("addon_category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "badge_categories_event_name_key" ON "badge_categories" USING btree ("event_id",lower("name"));--> statement-breakpoint
CREATE INDEX "badge_categories_event_order_idx" ON "badge_categories" USING btree ("event_id","type","sort_order","id");--> statement-breakpoint
CREATE INDEX "badge_field_values_field_idx" ON "badge_field_values" USING btree ("custom_field_id");--> statement-breakpoint
CREATE UNIQUE INDEX "badges_code_key" ON "badges" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "badges_event_category_email_key" ON "badges" USING btree ("event_id","badge_category_id","email");--> statement-breakpoint
CREATE INDEX "badges_event_category_order_idx" ON "badges" USING btree ("event_id","badge_category_id","created_at","id");--> statement-breakpoint
CREATE INDEX "badges_event_order_idx" ON "badges" USING btree ("event_id","created_at","id");--> statement-breakpoint
CREATE INDEX "badges_exhibitor_idx" ON "badges" USING btree ("exhibitor_id");--> statement-breakpoint
CREATE INDEX "badges_creator_idx" ON "badges" USING btree ("created_by_admin_id");--> statement-breakpoint
CREATE INDEX "badges_email_prefix_idx" ON "badges" USING btree ("email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "badges_search_trgm" ON "badges" USING gin (("first_name" || ' ' || "last_name" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "custom_fields_scope_key_key" ON "custom_fields" USING btree ("event_id",coalesce("badge_category_id", 0),"entity_type","key");--> statement-breakpoint
CREATE INDEX "custom_fields_category_idx" ON "custom_fields" USING btree ("badge_category_id","sort_order");--> statement-breakpoint
CREATE INDEX "custom_fields_event_idx" ON "custom_fields" USING btree ("event_id","sort_order");--> statement-breakpoint
CREATE INDEX "files_event_idx" ON "files" USING btree ("event_id");