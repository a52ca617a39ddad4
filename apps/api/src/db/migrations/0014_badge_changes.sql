-- Every statement that writes badges takes a number from this sequence, so that a list can tell
-- whether the badges changed since it last counted a filter and, if not, reuse that count. A
-- sequence, not a counter row: taking a number never waits for another transaction.
CREATE SEQUENCE "badge_changes";
--> statement-breakpoint
CREATE FUNCTION "count_badge_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('badge_changes');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "badges_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "badges"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_badge_change"();
