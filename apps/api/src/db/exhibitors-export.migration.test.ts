import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabaseBefore } from '../test/migrations';
import { queryRows, type DatabaseHandle } from './client';
import { applyMigrations } from './migrate';

const MIGRATION = '0035_exhibitors_export_own_data';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabaseBefore(MIGRATION);
  // An install made before: its built-in roles as they were, and a custom role the migration leaves alone.
  await handle.db.execute(sql`insert into permissions (name, area) values ('export_data', 'System'), ('view_sub_accounts', 'Sub-accounts')`);
  await handle.db.execute(
    sql`insert into roles (name, description, is_system) values
          ('Exhibitor', '', true), ('Sub-Account', '', true), ('VIP Admin', '', true), ('Hall 3 exhibitors', '', false)`,
  );
  await handle.db.execute(
    sql`insert into role_permissions (role_id, permission_id)
          select r.id, p.id from roles r, permissions p where r.name = 'VIP Admin' and p.name = 'export_data'`,
  );
  await applyMigrations(handle);
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

describe(`migration ${MIGRATION}`, () => {
  it('gives the built-in Exhibitor and Sub-Account roles export_data, and no other role', async () => {
    const rows = await queryRows<{ name: string; isSystem: boolean }>(
      handle.db,
      sql`select r.name, r.is_system as "isSystem" from role_permissions rp join roles r on r.id = rp.role_id
            join permissions p on p.id = rp.permission_id where p.name = 'export_data' order by r.name`,
    );
    expect(rows).toEqual([
      { name: 'Exhibitor', isSystem: true },
      { name: 'Sub-Account', isSystem: true },
      { name: 'VIP Admin', isSystem: true },
    ]);
  });
});
