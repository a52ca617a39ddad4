CREATE TABLE "lead_scanner_seats" (
	"admin_id" integer PRIMARY KEY NOT NULL,
	"exhibitor_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "badge_categories" ADD COLUMN "grants_lead_scanning" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_scanner_seats" ADD CONSTRAINT "lead_scanner_seats_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_scanner_seats" ADD CONSTRAINT "lead_scanner_seats_exhibitor_id_admins_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_scanner_seats_exhibitor_idx" ON "lead_scanner_seats" USING btree ("exhibitor_id");--> statement-breakpoint
ALTER TABLE "badge_categories" ADD CONSTRAINT "badge_categories_lead_scanning_addon" CHECK (NOT "badge_categories"."grants_lead_scanning" OR "badge_categories"."type" = 'addon');