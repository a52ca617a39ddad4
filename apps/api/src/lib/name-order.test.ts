import { SYSTEM_ROLE_NAMES } from '@portal/shared/roles';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { admins } from '../db/schema/admins';
import { badgeCategories, badges } from '../db/schema/badges';
import { companies } from '../db/schema/companies';
import { events } from '../db/schema/events';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../test/harness';
import { nameOrder } from './listing';

/** Names in the order a reader expects: accented and ligature letters among their base letters, Greek after Latin. */
const NATURAL = ['Ærø', 'Beta', 'Łódź', 'Mango', 'Œnologie', 'Zeta', 'Ελληνικά'];
/** The same names in another order, so that an unsorted answer cannot pass. */
const INSERTED = ['Zeta', 'Ελληνικά', 'Œnologie', 'Beta', 'Łódź', 'Ærø', 'Mango'];

let t: TestApp;
let w: World;
let eventId: number;
let organiser: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  const [event] = await t.db
    .insert(events)
    .values({ name: 'Sorting Show', slug: 'sorting-show' })
    .returning({ id: events.id });
  eventId = event!.id;
  organiser = await t.createUser({ roles: [SYSTEM_ROLE_NAMES.eventAdmin], eventId });
  const [category] = await t.db
    .insert(badgeCategories)
    .values(INSERTED.map((name) => ({ eventId, name, badgeType: 'exhibitor' as const })))
    .returning({ id: badgeCategories.id });
  for (const [i, name] of INSERTED.entries()) {
    const [company] = await t.db.insert(companies).values({ name, eventId }).returning({ id: companies.id });
    const exhibitor = await t.createUser({ roles: [SYSTEM_ROLE_NAMES.exhibitor], eventId, companyId: company!.id });
    await t.db
      .update(admins)
      .set({ firstName: 'Ann', lastName: name })
      .where(sql`${admins.id} = ${exhibitor.id}`);
    await t.db.insert(badges).values({
      eventId,
      badgeCategoryId: category!.id,
      exhibitorId: exhibitor.id,
      firstName: 'Ann',
      lastName: name,
      email: `ann${i}@sorting.example`,
      badgeType: 'exhibitor',
      code: `SORT${i}CODE`,
    });
  }
});
afterAll(() => t.close());

const get = async (as: TestUser, url: string) => {
  const res = await t.request(as, { method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.json().data as Record<string, unknown>[];
};

describe('lists ordered by a name', () => {
  it('sorts companies, exhibitors, badges, categories and admins in the natural order, not byte order', async () => {
    const companyNames = (await get(organiser, '/api/admin/companies?sort=name&per_page=100')).map((c) => c.name);
    expect(companyNames).toEqual(NATURAL);
    const exhibitors = await get(organiser, `/api/admin/exhibitors?eventId=${eventId}&sort=companyName&per_page=100`);
    expect(exhibitors.map((e) => e.companyName)).toEqual(NATURAL);
    const byPerson = await get(organiser, `/api/admin/exhibitors?eventId=${eventId}&sort=name&per_page=100`);
    expect(byPerson.map((e) => e.lastName)).toEqual(NATURAL);
    const badgeNames = (
      await get(organiser, `/api/admin/exhibitor-users?eventId=${eventId}&sort=name&per_page=100`)
    ).map((b) => b.lastName);
    expect(badgeNames).toEqual(NATURAL);
    const byCompany = (
      await get(organiser, `/api/admin/exhibitor-users?eventId=${eventId}&sort=company&per_page=100`)
    ).map((b) => b.lastName);
    expect(byCompany).toEqual(NATURAL);
    const categories = await get(organiser, `/api/admin/badge-categories?eventId=${eventId}&sort=name&per_page=100`);
    expect(categories.map((c) => c.name)).toEqual(NATURAL);
    const accounts = await get(w.systemAdmin, `/api/admin/admins?eventId=${eventId}&sort=-name&per_page=100`);
    const surnames = accounts.map((a) => a.lastName).filter((name) => NATURAL.includes(name as string));
    expect(surnames).toEqual([...NATURAL].reverse());
  });

  it('ignores case, so that a lower-case name sorts among the others', async () => {
    await t.db.insert(events).values({ name: 'ærøskøbing Fair', slug: 'aeroskobing-fair' });
    const names = (await get(w.systemAdmin, '/api/events?sort=name&per_page=100')).map((e) => e.name);
    expect(names.indexOf('ærøskøbing Fair')).toBeLessThan(names.indexOf('Event A'));
  });

  it('reads a page in name order from the name-order indexes', async () => {
    // Few rows here: without this the planner would rightly sort them instead of reading an index.
    const plans = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      const plan = async (query: ReturnType<typeof sql>) =>
        (await queryRows<Record<string, string>>(tx, sql`explain ${query}`))
          .map((row) => Object.values(row)[0])
          .join('\n');
      return [
        await plan(sql`select id from companies order by ${nameOrder(companies.name)}, id limit 50`),
        await plan(
          sql`select id from admins order by ${nameOrder(sql`(${admins.lastName} || ' ' || ${admins.firstName})`)}, id limit 50`,
        ),
      ];
    });
    expect(plans[0]).toContain('companies_name_order_idx');
    expect(plans[1]).toContain('admins_name_order_idx');
  });
});
