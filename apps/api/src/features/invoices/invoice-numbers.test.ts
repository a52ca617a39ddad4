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
  it('formats the kind, the year of issue and six digits', () => {
    expect(formatDocumentNumber('invoice', new Date('2026-03-01T00:00:00Z'), 42)).toBe('INV-2026-000042');
    expect(formatDocumentNumber('credit_note', new Date('2027-12-31T23:59:59Z'), 3)).toBe('CN-2027-000003');
  });

  it('gives fifty parallel approvals fifty distinct numbers, 1 to 50, with no gap', async () => {
    const exhibitor = await t.createUser({ roles: ['Exhibitor'], eventId: w.eventA, companyId: w.companyA });
    const ids: number[] = [];
    for (let i = 0; i < 50; i++) {
      const res = await t.request(exhibitor, {
        method: 'POST',
        url: '/api/admin/allocation-purchases',
        payload: { badgeCategoryId: w.categoryA, quantity: 1 },
      });
      ids.push(res.json().data.id);
    }
    const results = await Promise.all(
      ids.map((id) =>
        t.request(w.eventAdminA, {
          method: 'PUT',
          url: `/api/admin/allocation-purchases/${id}`,
          payload: { action: 'approve', accepted_amount: 1 },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
    const numbers = results.map((r) => r.json().data.invoice_id as string);
    expect(new Set(numbers).size).toBe(50);
    const sequences = numbers.map((n) => Number(n.slice(-6))).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const stored = await t.db
      .select({ sequence: invoices.sequence })
      .from(invoices)
      .where(eq(invoices.eventId, w.eventA));
    expect(stored).toHaveLength(50);
  });

  it('gives back the number of an issue that rolls back, and keeps each event’s series apart', async () => {
    const [event] = await t.db
      .insert(events)
      .values({ name: 'Numbering', slug: `numbering-${Date.now()}` })
      .returning({ id: events.id });
    const at = new Date('2026-06-01T00:00:00Z');
    const first = await t.db.transaction((tx) => takeNextNumber(tx, event!.id, 'invoice', at));
    await expect(
      t.db.transaction(async (tx) => {
        await takeNextNumber(tx, event!.id, 'invoice', at);
        throw new Error('issue failed');
      }),
    ).rejects.toThrow('issue failed');
    const parallel = await Promise.all(
      Array.from({ length: 10 }, () => t.db.transaction((tx) => takeNextNumber(tx, event!.id, 'invoice', at))),
    );
    expect(first.number).toBe('INV-2026-000001');
    expect(parallel.map((p) => p.sequence).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    const creditNote = await t.db.transaction((tx) => takeNextNumber(tx, event!.id, 'credit_note', at));
    expect(creditNote.number).toBe('CN-2026-000001');
  });
});
