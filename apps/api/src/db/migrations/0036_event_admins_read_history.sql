-- Organisers read their event's history (docs/history.md): the built-in Event Admin role of an
-- existing install gains `view_logs`, as a fresh install's catalogue gives it. Its reach is its own
-- event's entries. A fresh install has no roles yet at this point; the catalogue creates them at start.
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id"
  FROM "roles" r
  JOIN "permissions" p ON p."name" = 'view_logs'
 WHERE r."is_system" AND lower(r."name") = 'event admin'
ON CONFLICT DO NOTHING;
