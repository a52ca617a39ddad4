CREATE TABLE "badge_layout_assignments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "badge_layout_assignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"badge_type" text NOT NULL,
	"badge_category_id" integer,
	"layout_id" integer NOT NULL,
	CONSTRAINT "badge_layout_assignments_badge_type_known" CHECK ("badge_layout_assignments"."badge_type" IN ('exhibitor', 'visitor', 'contractor', 'vip'))
);
--> statement-breakpoint
CREATE TABLE "badge_layouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "badge_layouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"page_size" text NOT NULL,
	"orientation" text NOT NULL,
	"background_color" text,
	"background_file_id" text,
	"logo_file_id" text,
	"elements" jsonb NOT NULL,
	"built_in" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "badge_layouts_page_size_known" CHECK ("badge_layouts"."page_size" IN ('a6', 'a7', '4x3in', 'cr80', '54x90mm', 'folded-82x203mm')),
	CONSTRAINT "badge_layouts_orientation_known" CHECK ("badge_layouts"."orientation" IN ('portrait', 'landscape')),
	CONSTRAINT "badge_layouts_built_in_known" CHECK ("badge_layouts"."built_in" IN ('a6', 'cr80'))
);
--> statement-breakpoint
ALTER TABLE "badge_layout_assignments" ADD CONSTRAINT "badge_layout_assignments_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_layout_assignments" ADD CONSTRAINT "badge_layout_assignments_badge_category_id_badge_categories_id_fk" FOREIGN KEY ("badge_category_id") REFERENCES "public"."badge_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_layout_assignments" ADD CONSTRAINT "badge_layout_assignments_layout_id_badge_layouts_id_fk" FOREIGN KEY ("layout_id") REFERENCES "public"."badge_layouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_layouts" ADD CONSTRAINT "badge_layouts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_layouts" ADD CONSTRAINT "badge_layouts_background_file_id_files_id_fk" FOREIGN KEY ("background_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_layouts" ADD CONSTRAINT "badge_layouts_logo_file_id_files_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "badge_layout_assignments_key" ON "badge_layout_assignments" USING btree ("event_id","badge_type",coalesce("badge_category_id", 0));--> statement-breakpoint
CREATE INDEX "badge_layout_assignments_layout_idx" ON "badge_layout_assignments" USING btree ("layout_id");--> statement-breakpoint
CREATE INDEX "badge_layouts_event_idx" ON "badge_layouts" USING btree ("event_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "badge_layouts_event_built_in_key" ON "badge_layouts" USING btree ("event_id","built_in") WHERE "badge_layouts"."built_in" is not null;--> statement-breakpoint
-- The two built-in layouts for every event there is; an event created later gets them as it is created.
INSERT INTO "badge_layouts" ("event_id", "name", "page_size", "orientation", "background_color", "elements", "built_in")
SELECT "id", 'A6 badge', 'a6', 'portrait', NULL, '[{"id":"logo","kind":"logo","x":5,"y":5,"width":95,"height":22},{"id":"name","kind":"name","lines":2,"x":5,"y":30,"width":95,"height":36,"fontSize":32,"minFontSize":14,"bold":true,"align":"center","color":"#111827","uppercase":false},{"id":"company","kind":"company","x":5,"y":68,"width":95,"height":12,"fontSize":16,"minFontSize":9,"bold":false,"align":"center","color":"#111827","uppercase":false},{"id":"category","kind":"category","x":5,"y":81,"width":95,"height":8,"fontSize":11,"minFontSize":7,"bold":false,"align":"center","color":"#4b5563","uppercase":false},{"id":"qr","kind":"qr","x":35,"y":91,"width":35,"height":35},{"id":"band","kind":"typeBand","x":0,"y":130,"width":105,"height":18,"colors":{},"showLabel":true,"textColor":"#ffffff"}]'::jsonb, 'a6' FROM "events";--> statement-breakpoint
INSERT INTO "badge_layouts" ("event_id", "name", "page_size", "orientation", "background_color", "elements", "built_in")
SELECT "id", 'CR80 card', 'cr80', 'portrait', NULL, '[{"id":"name","kind":"name","lines":2,"x":4,"y":4,"width":52,"height":20,"fontSize":18,"minFontSize":8,"bold":true,"align":"left","color":"#111827","uppercase":false},{"id":"company","kind":"company","x":4,"y":25,"width":52,"height":8,"fontSize":10,"minFontSize":6,"bold":false,"align":"left","color":"#111827","uppercase":false},{"id":"category","kind":"category","x":4,"y":34,"width":52,"height":6,"fontSize":8,"minFontSize":5,"bold":false,"align":"left","color":"#4b5563","uppercase":false},{"id":"qr","kind":"qr","x":59,"y":4,"width":23,"height":23},{"id":"logo","kind":"logo","x":59,"y":29,"width":23,"height":12},{"id":"band","kind":"typeBand","x":0,"y":44,"width":85.6,"height":9.98,"colors":{},"showLabel":true,"textColor":"#ffffff"}]'::jsonb, 'cr80' FROM "events";
