CREATE COLLATION IF NOT EXISTS "name_order" (provider = icu, locale = 'und-u-ks-level2');--> statement-breakpoint
DROP INDEX "admins_name_order_idx";--> statement-breakpoint
DROP INDEX "companies_name_order_idx";--> statement-breakpoint
CREATE INDEX "admins_name_order_idx" ON "admins" USING btree (("last_name" || ' ' || "first_name") collate "name_order","id");--> statement-breakpoint
CREATE INDEX "companies_name_order_idx" ON "companies" USING btree ("name" collate "name_order","id");
