CREATE TABLE "badge_print_settings" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"offset_x_mm" double precision DEFAULT 0 NOT NULL,
	"offset_y_mm" double precision DEFAULT 0 NOT NULL,
	"scale" double precision DEFAULT 1 NOT NULL,
	"updated_by_admin_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "badge_print_settings_offsets_range" CHECK (abs("badge_print_settings"."offset_x_mm") <= 20 AND abs("badge_print_settings"."offset_y_mm") <= 20),
	CONSTRAINT "badge_print_settings_scale_range" CHECK ("badge_print_settings"."scale" BETWEEN 0.9 AND 1.1)
);
--> statement-breakpoint
CREATE TABLE "badge_prints" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "badge_prints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"badge_id" integer NOT NULL,
	"run_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"printed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"printed_by_admin_id" integer,
	"sheet" text NOT NULL,
	"reason" text
);
--> statement-breakpoint
ALTER TABLE "badge_print_settings" ADD CONSTRAINT "badge_print_settings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_print_settings" ADD CONSTRAINT "badge_print_settings_updated_by_admin_id_admins_id_fk" FOREIGN KEY ("updated_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_prints" ADD CONSTRAINT "badge_prints_badge_id_badges_id_fk" FOREIGN KEY ("badge_id") REFERENCES "public"."badges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_prints" ADD CONSTRAINT "badge_prints_printed_by_admin_id_admins_id_fk" FOREIGN KEY ("printed_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "badge_prints_badge_idx" ON "badge_prints" USING btree ("badge_id","printed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "badge_prints_run_position_key" ON "badge_prints" USING btree ("run_id","position");