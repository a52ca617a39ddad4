CREATE INDEX "badges_active_per_category_idx" ON "badges" USING btree ("event_id","badge_category_id") WHERE "badges"."status" = 'active';--> statement-breakpoint
CREATE INDEX "badges_last_name_idx" ON "badges" USING btree ("event_id",lower("last_name"));--> statement-breakpoint
CREATE INDEX "badges_first_name_idx" ON "badges" USING btree ("event_id",lower("first_name"));--> statement-breakpoint
CREATE INDEX "badges_email_trgm" ON "badges" USING gin ("email" gin_trgm_ops);