-- Exhibitors and their sub-accounts export their own lists (docs/exports.md): the built-in roles of an
-- existing install gain `export_data`, as a fresh install's catalogue gives it. A fresh install has no
-- roles yet at this point; the catalogue creates them at start.
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id"
  FROM "roles" r
  JOIN "permissions" p ON p."name" = 'export_data'
 WHERE r."is_system" AND lower(r."name") IN ('exhibitor', 'sub-account')
ON CONFLICT DO NOTHING;
