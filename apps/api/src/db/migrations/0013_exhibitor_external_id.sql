ALTER TABLE "exhibitor_profiles" ADD COLUMN "external_id" text;--> statement-breakpoint
CREATE INDEX "exhibitor_profiles_external_id_idx" ON "exhibitor_profiles" USING btree ("external_id");