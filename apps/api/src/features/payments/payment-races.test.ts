import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allocations, badgeCategories } from '../../db/schema/badges';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';

/**
 * Ten payments (or approvals, or allocation changes) at once for a holder that has no allocation
 * row yet in the category: every one answers 2xx and the allocation is their sum exactly. On
 * PostgreSQL the requests truly run side by side (PGlite takes them one after the other).
 */
let t: TestApp;
let w: World;
let priced: number;
let shared: number;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://portal.test' });
  w = await createWorld(t);
  const [a, b] = await t.db
    .insert(badgeCategories)
    .values([
      { eventId: w.eventA, name: 'Race passes', badgeType: 'exhibitor', unitPriceCents: 1500 },
      { eventId: w.eventA, name: 'Mixed race passes', badgeType: 'visitor', unitPriceCents: 0 },
    ])
    .returning({ id: badgeCategories.id });
  priced = a!.id;
  shared = b!.id;
});
afterAll(() => t.close());

const send = (as: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.request(as, { method, url, payload });
const PLACES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const SUM = PLACES.reduce((a, b) => a + b, 0);

async function quantityOf(adminId: number, badgeCategoryId: number) {
  const rows = await t.db
    .select({ quantity: allocations.quantity })
    .from(allocations)
    .where(and(eq(allocations.adminId, adminId), eq(allocations.badgeCategoryId, badgeCategoryId)));
  expect(rows.length).toBeLessThanOrEqual(1);
  return rows[0]?.quantity;
}

async function requested(as: TestUser, category: number, places: number): Promise<number> {
  const res = await send(as, 'POST', '/api/admin/allocation-purchases', { badgeCategoryId: category, quantity: places });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

async function sandboxCheckout(as: TestUser, places: number, category = priced): Promise<string> {
  const id = await requested(as, category, places);
  const approved = await send(w.eventAdminA, 'PUT', `/api/admin/allocation-purchases/${id}`, {
    action: 'approve',
    accepted_amount: places,
  });
  expect(approved.statusCode).toBe(200);
  const token = await send(as, 'POST', `/api/admin/allocation-purchases/${id}/payment-token`);
  expect(token.statusCode).toBe(200);
  return token.json().data.url.split('/').pop();
}

const statuses = (results: { statusCode: number }[]) => results.map((r) => r.statusCode);

describe('ten at once for a category with no allocation row yet', () => {
  it('pays ten sandbox checkouts of one exhibitor: all succeed and the allocation is their sum', async () => {
    const exhibitor = await t.createUser({ roles: ['Exhibitor'], eventId: w.eventA, companyId: w.companyA });
    const sessions = [];
    for (const places of PLACES) sessions.push(await sandboxCheckout(exhibitor, places));
    const results = await Promise.all(
      sessions.map((session) => send(null, 'POST', `/api/payments/sandbox/${session}`, { outcome: 'success' })),
    );
    expect(statuses(results)).toEqual(PLACES.map(() => 200));
    expect(await quantityOf(exhibitor.id, priced)).toBe(SUM);
  });

  it('pays ten checkouts of one sub-account: its own allocation and its exhibitor’s both grow by the sum', async () => {
    const exhibitor = await t.createUser({ roles: ['Exhibitor'], eventId: w.eventA, companyId: w.companyA });
    const sub = await t.createUser({
      roles: ['Sub-Account'],
      eventId: w.eventA,
      exhibitorId: exhibitor.id,
      companyId: w.companyA,
    });
    const sessions = [];
    for (const places of PLACES) sessions.push(await sandboxCheckout(sub, places));
    const results = await Promise.all(
      sessions.map((session) => send(null, 'POST', `/api/payments/sandbox/${session}`, { outcome: 'success' })),
    );
    expect(statuses(results)).toEqual(PLACES.map(() => 200));
    expect(await quantityOf(exhibitor.id, priced)).toBe(SUM);
    expect(await quantityOf(sub.id, priced)).toBe(SUM);
  });

  it('approves ten free requests while ten checkouts are paid, all of one category: the places are the sum', async () => {
    const exhibitor = await t.createUser({ roles: ['Exhibitor'], eventId: w.eventA, companyId: w.companyA });
    // A request keeps the price of its day: these ten are free, the checkouts below are not.
    await t.db.update(badgeCategories).set({ unitPriceCents: 0 }).where(eq(badgeCategories.id, shared));
    const ids = [];
    for (const places of PLACES) ids.push(await requested(exhibitor, shared, places));
    await t.db.update(badgeCategories).set({ unitPriceCents: 1500 }).where(eq(badgeCategories.id, shared));
    const sessions = [];
    for (const places of PLACES) sessions.push(await sandboxCheckout(exhibitor, places, shared));
    const results = await Promise.all([
      ...ids.map((id, index) =>
        send(w.eventAdminA, 'PUT', `/api/admin/allocation-purchases/${id}`, {
          action: 'approve',
          accepted_amount: PLACES[index],
        }),
      ),
      ...sessions.map((session) => send(null, 'POST', `/api/payments/sandbox/${session}`, { outcome: 'success' })),
    ]);
    expect(statuses(results)).toEqual([...PLACES, ...PLACES].map(() => 200));
    expect(await quantityOf(exhibitor.id, shared)).toBe(2 * SUM);
  });

  it('gives an exhibitor places ten times at once, then carves them for a sub-account ten times at once', async () => {
    const exhibitor = await t.createUser({ roles: ['Exhibitor'], eventId: w.eventA, companyId: w.companyA });
    const sub = await t.createUser({
      roles: ['Sub-Account'],
      eventId: w.eventA,
      exhibitorId: exhibitor.id,
      companyId: w.companyA,
    });
    const given = await Promise.all(
      [...PLACES, 5].map((quantity) =>
        send(w.eventAdminA, 'POST', '/api/admin/allocations/bulk', {
          eventId: w.eventA,
          mode: 'add',
          items: [{ adminId: exhibitor.id, badgeCategoryId: priced, quantity }],
        }),
      ),
    );
    expect(statuses(given)).toEqual([...PLACES, 5].map(() => 200));
    expect(await quantityOf(exhibitor.id, priced)).toBe(SUM + 5);
    const results = await Promise.all(
      PLACES.map((quantity) =>
        send(exhibitor, 'POST', '/api/admin/allocations/bulk', {
          eventId: w.eventA,
          mode: 'add',
          items: [{ adminId: sub.id, badgeCategoryId: priced, quantity }],
        }),
      ),
    );
    expect(statuses(results)).toEqual(PLACES.map(() => 200));
    expect(await quantityOf(sub.id, priced)).toBe(SUM);
    // More than the exhibitor has left is a clean 422, never a 500.
    const over = await Promise.all(
      [3, 3, 3].map((quantity) =>
        send(exhibitor, 'POST', '/api/admin/allocations/bulk', {
          eventId: w.eventA,
          mode: 'add',
          items: [{ adminId: sub.id, badgeCategoryId: priced, quantity }],
        }),
      ),
    );
    expect(statuses(over).sort()).toEqual([200, 422, 422]);
    expect(await quantityOf(sub.id, priced)).toBe(SUM + 3);
  });
});
