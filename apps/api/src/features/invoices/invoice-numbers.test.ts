import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeCategories } from '../../db/schema/badges';
import { events } from '../../db/schema/events';
import { invoices } from '../../db/schema/invoices';
import { createTestApp, createWorld, type TestApp, type World } from '../../test/harness';
import { formatDocumentNumber, takeNextNumber } from './document-numbers';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  await t.db.update(badgeCategories).set({ unitPriceCents: 1500 }).where(eq(badgeCategories.id, w.categoryA));
});
afterAll(() => t.close());

describe('document numbers', () => {
  it('formats the series prefix, the year of issue and six digits', () => {
    expect(formatDocumentNumber('INV', new Date('2026-03-01T00:00:00Z'), 42)).toBe('INV-2026-000042');
    expect(formatDocumentNumber('CN', new Date('2027-12-31T23:59:59Z'), 3)).toBe('CN-2027-000003');
  });

  it('gives fifty parallel approvals in two events fifty distinct numbers of one series, with no gap', async () => {
    await t.db.update(badgeCategories).set({ unitPriceCents: 1500 }).where(eq(badgeCategories.id, w.categoryB));
    const requesters = [
      { exhibitor: await t.createUser({ roles: ['Exhibitor'], eventId: w.eventA, companyId: w.companyA }), category: w.categoryA, admin: w.eventAdminA },
      { exhibitor: await t.createUser({ roles: ['Exhibitor'], eventId: w.eventB, companyId: w.companyB }), category: w.categoryB, admin: w.eventAdminB },
    ];
    const purchases: { id: number; admin: (typeof requesters)[number]['admin'] }[] = [];
    for (let i = 0; i < 50; i++) {
      const { exhibitor, category, admin } = requesters[i % 2]!;
      const res = await t.request(exhibitor, {
        method: 'POST',
        url: '/api/admin/allocation-purchases',
        payload: { badgeCategoryId: category, quantity: 1 },
      });
      purchases.push({ id: res.json().data.id, admin });
    }
    const results = await Promise.all(
      purchases.map(({ id, admin }) =>
        t.request(admin, {
          method: 'PUT',
          url: `/api/admin/allocation-purchases/${id}`,
          payload: { action: 'approve', accepted_amount: 1 },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(purchases.map(() => 200));
    const numbers = results.map((r) => r.json().data.invoice_id as string);
    expect(new Set(numbers).size).toBe(50);
    const sequences = numbers.map((n) => Number(n.slice(-6))).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 50 }, (_, i) => sequences[0]! + i));
    const stored = await t.db.select({ series: invoices.series, number: invoices.number }).from(invoices);
    expect(stored.filter((row) => numbers.includes(row.number))).toHaveLength(50);
    expect(new Set(stored.filter((row) => numbers.includes(row.number)).map((row) => row.series))).toEqual(new Set(['INV']));
  });

  it('gives back the number of an issue that rolls back, and keeps each series apart', async () => {
    const at = new Date('2026-06-01T00:00:00Z');
    const first = await t.db.transaction((tx) => takeNextNumber(tx, 'EXPO-RIGA', at));
    await expect(
      t.db.transaction(async (tx) => {
        await takeNextNumber(tx, 'EXPO-RIGA', at);
        throw new Error('issue failed');
      }),
    ).rejects.toThrow('issue failed');
    const parallel = await Promise.all(
      Array.from({ length: 10 }, () => t.db.transaction((tx) => takeNextNumber(tx, 'EXPO-RIGA', at))),
    );
    expect(first).toEqual({ series: 'EXPO-RIGA', sequence: 1, number: 'EXPO-RIGA-2026-000001' });
    expect(parallel.map((p) => p.sequence).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    const creditNote = await t.db.transaction((tx) => takeNextNumber(tx, 'EXPO-RIGA-CN', at));
    expect(creditNote.number).toBe('EXPO-RIGA-CN-2026-000001');
  });

  it('refuses a second document with a number already given in the portal', async () => {
    const [event] = await t.db.insert(events).values({ name: 'Copy', slug: `copy-${Date.now()}` }).returning({ id: events.id });
    const [{ id: _id, ...existing }] = (await t.db.select().from(invoices).limit(1)) as [typeof invoices.$inferSelect];
    // Another event, another series row: only the number is the same.
    const copy = { ...existing, eventId: event!.id, series: 'COPY', sequence: 1 };
    await expect(t.db.insert(invoices).values(copy)).rejects.toThrow();
    await t.db.insert(invoices).values({ ...copy, number: 'COPY-2026-000001' });
  });
});
