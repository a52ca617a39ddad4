import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabaseBefore } from '../test/migrations';
import { queryRows, type DatabaseHandle } from './client';
import { applyMigrations } from './migrate';

const MIGRATION = '0036_event_admins_read_history';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabaseBefore(MIGRATION);
  // An install made before: its built-in roles as they were, and a custom role the migration leaves alone.
  await handle.db.execute(sql`insert into permissions (name, area) values ('view_logs', 'System'), ('view_events', 'Events')`);
  await handle.db.execute(
    sql`insert into roles (name, description, is_system) values
          ('System Admin', '', true), ('Event Admin', '', true), ('Exhibitor', '', true), ('Hall 3 organisers', '', false)`,
  );
  await handle.db.execute(
    sql`insert into role_permissions (role_id, permission_id)
          select r.id, p.id from roles r, permissions p where r.name = 'System Admin' and p.name = 'view_logs'`,
  );
  await applyMigrations(handle);
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

describe(`migration ${MIGRATION}`, () => {
  it('gives the built-in Event Admin role view_logs, and no other role', async () => {
    const rows = await queryRows<{ name: string; isSystem: boolean }>(
      handle.db,
      sql`select r.name, r.is_system as "isSystem" from role_permissions rp join roles r on r.id = rp.role_id
            join permissions p on p.id = rp.permission_id where p.name = 'view_logs' order by r.name`,
    );
    expect(rows).toEqual([
      { name: 'Event Admin', isSystem: true },
      { name: 'System Admin', isSystem: true },
    ]);
  });
});
