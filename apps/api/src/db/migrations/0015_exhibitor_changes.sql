-- Every statement that writes what the exhibitor list filters on (accounts, their roles, companies
-- and profiles) takes a number from this sequence, so that the list can reuse a count of a filter
-- while the number has not moved, as the badge list does with badge_changes.
CREATE SEQUENCE "exhibitor_changes";
--> statement-breakpoint
CREATE FUNCTION "count_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval(TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "admins_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "admins"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_change"('exhibitor_changes');
--> statement-breakpoint
CREATE TRIGGER "admin_roles_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "admin_roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_change"('exhibitor_changes');
--> statement-breakpoint
CREATE TRIGGER "roles_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_change"('exhibitor_changes');
--> statement-breakpoint
CREATE TRIGGER "companies_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "companies"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_change"('exhibitor_changes');
--> statement-breakpoint
CREATE TRIGGER "exhibitor_profiles_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "exhibitor_profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_change"('exhibitor_changes');
