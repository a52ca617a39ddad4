import { badgeLayoutInputSchema } from '@portal/shared/badge-layouts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_LAYOUTS } from '../features/badge-layouts/built-ins';
import { openDatabaseBefore } from '../test/migrations';
import { queryRows, type DatabaseHandle } from './client';
import { applyMigrations } from './migrate';

const MIGRATION = '0029_badge_layouts';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabaseBefore(MIGRATION);
  await handle.db.execute(sql`insert into events (name, slug) values ('Expo 1', 'expo-1'), ('Expo 2', 'expo-2')`);
  await applyMigrations(handle);
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

describe(`migration ${MIGRATION}`, () => {
  it('gives every existing event the two built-in layouts, as an event created later gets them', async () => {
    const rows = await queryRows<{ eventId: number; builtIn: string; name: string; pageSize: string; orientation: string; elements: unknown }>(
      handle.db,
      sql`select event_id as "eventId", built_in as "builtIn", name, page_size as "pageSize", orientation, elements from badge_layouts order by event_id, built_in`,
    );
    expect(rows.map((row) => [row.eventId, row.builtIn])).toEqual([
      [1, 'a6'],
      [1, 'cr80'],
      [2, 'a6'],
      [2, 'cr80'],
    ]);
    for (const row of rows) {
      const builtIn = BUILT_IN_LAYOUTS[row.builtIn as 'a6' | 'cr80'];
      expect(badgeLayoutInputSchema.parse({ ...row, backgroundColor: null })).toEqual(builtIn);
    }
  });
});
