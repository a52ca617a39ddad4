CREATE TABLE "check_in_device_lists" (
	"device_id" integer NOT NULL,
	"list_id" integer NOT NULL,
	CONSTRAINT "check_in_device_lists_device_id_list_id_pk" PRIMARY KEY("device_id","list_id")
);
--> statement-breakpoint
CREATE TABLE "check_in_devices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "check_in_devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"role" text DEFAULT 'steward' NOT NULL,
	"token_hash" text,
	"pairing_code_hash" text,
	"pairing_expires_at" timestamp with time zone,
	"paired_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_by_admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_in_devices_role_known" CHECK ("check_in_devices"."role" IN ('steward', 'supervisor'))
);
--> statement-breakpoint
CREATE TABLE "check_in_lists" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "check_in_lists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"rules" jsonb NOT NULL,
	"category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"scans_exits" boolean DEFAULT false NOT NULL,
	"allows_reentry" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "check_in_presence" (
	"list_id" integer NOT NULL,
	"badge_id" integer NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	"inside" boolean DEFAULT false NOT NULL,
	"last_entry_at" timestamp with time zone,
	"last_exit_at" timestamp with time zone,
	"last_device_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_in_presence_list_id_badge_id_pk" PRIMARY KEY("list_id","badge_id")
);
--> statement-breakpoint
CREATE TABLE "check_ins" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "check_ins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"list_id" integer NOT NULL,
	"device_id" integer,
	"badge_id" integer,
	"code" text NOT NULL,
	"holder_name" text,
	"direction" text NOT NULL,
	"method" text NOT NULL,
	"result" text NOT NULL,
	"reason" text,
	"nonce" text NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"offline" boolean DEFAULT false NOT NULL,
	"local_result" text,
	"conflict" boolean DEFAULT false NOT NULL,
	"conflict_resolved_at" timestamp with time zone,
	"undone_at" timestamp with time zone,
	"undo_reason" text,
	"undone_by_device_id" integer,
	"undone_by_admin_id" integer,
	CONSTRAINT "check_ins_direction_known" CHECK ("check_ins"."direction" IN ('entry', 'exit'))
);
--> statement-breakpoint
ALTER TABLE "check_in_device_lists" ADD CONSTRAINT "check_in_device_lists_device_id_check_in_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."check_in_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_device_lists" ADD CONSTRAINT "check_in_device_lists_list_id_check_in_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."check_in_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_devices" ADD CONSTRAINT "check_in_devices_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_devices" ADD CONSTRAINT "check_in_devices_created_by_admin_id_admins_id_fk" FOREIGN KEY ("created_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_lists" ADD CONSTRAINT "check_in_lists_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_presence" ADD CONSTRAINT "check_in_presence_list_id_check_in_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."check_in_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_presence" ADD CONSTRAINT "check_in_presence_badge_id_badges_id_fk" FOREIGN KEY ("badge_id") REFERENCES "public"."badges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_presence" ADD CONSTRAINT "check_in_presence_last_device_id_check_in_devices_id_fk" FOREIGN KEY ("last_device_id") REFERENCES "public"."check_in_devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_list_id_check_in_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."check_in_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_device_id_check_in_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."check_in_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_badge_id_badges_id_fk" FOREIGN KEY ("badge_id") REFERENCES "public"."badges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_undone_by_device_id_check_in_devices_id_fk" FOREIGN KEY ("undone_by_device_id") REFERENCES "public"."check_in_devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_undone_by_admin_id_admins_id_fk" FOREIGN KEY ("undone_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_in_device_lists_list_idx" ON "check_in_device_lists" USING btree ("list_id");--> statement-breakpoint
CREATE UNIQUE INDEX "check_in_devices_token_key" ON "check_in_devices" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "check_in_devices_pairing_code_key" ON "check_in_devices" USING btree ("pairing_code_hash");--> statement-breakpoint
CREATE INDEX "check_in_devices_event_idx" ON "check_in_devices" USING btree ("event_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "check_in_lists_event_name_key" ON "check_in_lists" USING btree ("event_id",lower("name"));--> statement-breakpoint
CREATE INDEX "check_in_presence_list_updated_idx" ON "check_in_presence" USING btree ("list_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "check_ins_device_nonce_key" ON "check_ins" USING btree ("device_id","nonce");--> statement-breakpoint
CREATE INDEX "check_ins_event_recorded_idx" ON "check_ins" USING btree ("event_id","recorded_at","id");--> statement-breakpoint
CREATE INDEX "check_ins_list_recorded_idx" ON "check_ins" USING btree ("list_id","recorded_at");--> statement-breakpoint
CREATE INDEX "check_ins_list_badge_idx" ON "check_ins" USING btree ("list_id","badge_id");--> statement-breakpoint
CREATE INDEX "check_ins_badge_idx" ON "check_ins" USING btree ("badge_id");--> statement-breakpoint
CREATE INDEX "check_ins_open_conflicts_idx" ON "check_ins" USING btree ("event_id","recorded_at") WHERE "check_ins"."conflict" AND "check_ins"."conflict_resolved_at" IS NULL;--> statement-breakpoint
CREATE INDEX "badges_event_updated_idx" ON "badges" USING btree ("event_id","updated_at");