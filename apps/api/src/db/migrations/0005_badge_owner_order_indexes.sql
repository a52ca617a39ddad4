DROP INDEX "badges_exhibitor_idx";--> statement-breakpoint
DROP INDEX "badges_creator_idx";--> statement-breakpoint
CREATE INDEX "badges_exhibitor_order_idx" ON "badges" USING btree ("exhibitor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "badges_creator_order_idx" ON "badges" USING btree ("created_by_admin_id","created_at","id");