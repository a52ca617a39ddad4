ALTER TABLE "badges" DROP CONSTRAINT "badges_print_count_positive";--> statement-breakpoint
ALTER TABLE "badges" DROP CONSTRAINT "badges_last_printed_by_admin_id_admins_id_fk";
--> statement-breakpoint
DROP INDEX "badges_unprinted_idx";--> statement-breakpoint
DROP INDEX "badges_printed_idx";--> statement-breakpoint
ALTER TABLE "badges" DROP COLUMN "print_count";--> statement-breakpoint
ALTER TABLE "badges" DROP COLUMN "last_printed_at";--> statement-breakpoint
ALTER TABLE "badges" DROP COLUMN "last_printed_by_admin_id";