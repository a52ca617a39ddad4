import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabaseBefore } from '../test/migrations';
import { queryRows, type DatabaseHandle } from './client';
import { applyMigrations } from './migrate';

/**
 * Migrations that give an existing install's built-in roles a permission a fresh install's
 * catalogue gives them. Each runs on an install made before it: its built-in roles as they were,
 * one of them already holding the permission, and a custom role the migration leaves alone.
 */
const GRANTS = [
  {
    migration: '0035_exhibitors_export_own_data',
    permission: 'export_data',
    roles: ['Exhibitor', 'Sub-Account', 'VIP Admin'],
    holding: 'VIP Admin',
    custom: 'Hall 3 exhibitors',
    granted: ['Exhibitor', 'Sub-Account'],
  },
  {
    migration: '0036_event_admins_read_history',
    permission: 'view_logs',
    roles: ['System Admin', 'Event Admin', 'Exhibitor'],
    holding: 'System Admin',
    custom: 'Hall 3 organisers',
    granted: ['Event Admin'],
  },
];

describe.each(GRANTS)('migration $migration', ({ migration, permission, roles, holding, custom, granted }) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openDatabaseBefore(migration);
    await handle.db.execute(sql`insert into permissions (name, area) values (${permission}, 'System')`);
    for (const name of roles) {
      await handle.db.execute(sql`insert into roles (name, description, is_system) values (${name}, '', true)`);
    }
    await handle.db.execute(sql`insert into roles (name, description, is_system) values (${custom}, '', false)`);
    await handle.db.execute(
      sql`insert into role_permissions (role_id, permission_id)
            select r.id, p.id from roles r, permissions p where r.name = ${holding} and p.name = ${permission}`,
    );
    await applyMigrations(handle);
  }, 120_000);

  afterAll(async () => {
    await handle?.close();
  });

  it(`gives ${granted.join(' and ')} ${permission}, and no other role`, async () => {
    const rows = await queryRows<{ name: string }>(
      handle.db,
      sql`select r.name from role_permissions rp join roles r on r.id = rp.role_id
            join permissions p on p.id = rp.permission_id where p.name = ${permission} order by r.name`,
    );
    expect(rows.map((row) => row.name)).toEqual([...granted, holding].sort());
  });
});
