import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { auditLog } from '../../db/schema/audit';
import { allocations, badgeCategories } from '../../db/schema/badges';
import { paymentAttempts, paymentRefunds, sandboxSessions } from '../../db/schema/payments';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';
import { createPaymentSettlement, type PaymentSettlement } from './payment-settlement';
import { settleUnappliedPayments } from './payment-sweeper';
import { createPaymentProviders } from './providers';

const PRICE = 1200;
let t: TestApp;
let w: World;
/** Two sweepers, as two processes would have: each its own settlement over the same database. */
let sweepers: [PaymentSettlement, PaymentSettlement];

beforeAll(async () => {
  // The app's own sweeper stays out of the way: these tests run the rounds themselves.
  t = await createTestApp({ PUBLIC_URL: 'https://portal.test', PAYMENT_SWEEP_INTERVAL_MS: 24 * 3600 * 1000 });
  w = await createWorld(t);
  await t.db.update(badgeCategories).set({ unitPriceCents: PRICE }).where(eq(badgeCategories.id, w.categoryA));
  const config = loadConfig({ NODE_ENV: 'test' });
  const settlement = () =>
    createPaymentSettlement({ db: t.db, publicUrl: 'https://portal.test', providers: createPaymentProviders(config) });
  sweepers = [settlement(), settlement()];
});
afterAll(() => t.close());

const send = (as: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.request(as, { method, url, payload });

/** An exhibitor with an approved purchase of `places` and an open sandbox checkout for it. */
async function checkout(places: number) {
  const exhibitor = await t.createUser({ roles: ['Exhibitor'], eventId: w.eventA, companyId: w.companyA });
  const created = await send(exhibitor, 'POST', '/api/admin/allocation-purchases', {
    badgeCategoryId: w.categoryA,
    quantity: places,
  });
  const purchaseId: number = created.json().data.id;
  await send(w.eventAdminA, 'PUT', `/api/admin/allocation-purchases/${purchaseId}`, {
    action: 'approve',
    accepted_amount: places,
  });
  const token = await send(exhibitor, 'POST', `/api/admin/allocation-purchases/${purchaseId}/payment-token`);
  expect(token.statusCode).toBe(200);
  const sessionId: string = token.json().data.url.split('/').pop();
  return { exhibitor, purchaseId, sessionId };
}

/** What a crash right after the provider's word was recorded leaves: paid at the provider, not here. */
async function recordedNotApplied(sessionId: string, attemptState: 'open' | 'succeeded') {
  await t.db.update(sandboxSessions).set({ state: 'succeeded' }).where(eq(sandboxSessions.id, sessionId));
  await t.db
    .update(paymentAttempts)
    .set({ state: attemptState, paymentReference: attemptState === 'succeeded' ? sessionId : null })
    .where(eq(paymentAttempts.externalId, sessionId));
}

const sweepTwiceAtOnce = async (): Promise<[number, number]> => {
  const [first, second] = sweepers;
  return Promise.all([settleUnappliedPayments(t.db, first), settleUnappliedPayments(t.db, second)]);
};

async function quantityOf(adminId: number) {
  const [row] = await t.db
    .select({ quantity: allocations.quantity })
    .from(allocations)
    .where(and(eq(allocations.adminId, adminId), eq(allocations.badgeCategoryId, w.categoryA)));
  return row?.quantity;
}

async function auditCount(purchaseId: number, action: string) {
  const rows = await t.db
    .select({ n: sql<number>`cast(count(*) as integer)` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityType, 'allocation_purchase'),
        eq(auditLog.entityId, String(purchaseId)),
        eq(auditLog.action, action),
      ),
    );
  return rows[0]!.n;
}

const purchaseStatus = async (id: number) =>
  (await send(w.systemAdmin, 'GET', `/api/admin/allocation-purchases/${id}`)).json().data.status;

describe('the payment sweep', () => {
  it('applies a recorded-succeeded but unapplied attempt once, with two sweepers running at once', async () => {
    const { exhibitor, purchaseId, sessionId } = await checkout(3);
    await recordedNotApplied(sessionId, 'succeeded');
    expect(await purchaseStatus(purchaseId)).toBe('approved');

    const [first, second] = await sweepTwiceAtOnce();
    expect(first + second).toBe(1);
    expect(await purchaseStatus(purchaseId)).toBe('paid');
    expect(await quantityOf(exhibitor.id)).toBe(3);
    expect(await auditCount(purchaseId, 'pay')).toBe(1);
    const [attempt] = await t.db.select().from(paymentAttempts).where(eq(paymentAttempts.externalId, sessionId));
    expect(attempt!.appliedAt).not.toBeNull();

    // Nothing is left for a later round.
    expect(await sweepTwiceAtOnce()).toEqual([0, 0]);
    expect(await quantityOf(exhibitor.id)).toBe(3);
  });

  it('settles a sandbox checkout the payer finished whose attempt is still open', async () => {
    const { exhibitor, purchaseId, sessionId } = await checkout(2);
    await recordedNotApplied(sessionId, 'open');
    // The payer's retry is refused: the checkout is finished. The sweep is what applies it.
    expect((await send(null, 'POST', `/api/payments/sandbox/${sessionId}`, { outcome: 'success' })).statusCode).toBe(
      409,
    );
    const [first, second] = await sweepTwiceAtOnce();
    expect(first + second).toBe(1);
    expect(await purchaseStatus(purchaseId)).toBe('paid');
    expect(await quantityOf(exhibitor.id)).toBe(2);
    expect(await auditCount(purchaseId, 'pay')).toBe(1);
  });

  it('gives back, once, an unapplied payment for a purchase cancelled meanwhile', async () => {
    const { exhibitor, purchaseId, sessionId } = await checkout(2);
    expect(
      (await send(w.eventAdminA, 'PUT', `/api/admin/allocation-purchases/${purchaseId}`, { action: 'cancel' }))
        .statusCode,
    ).toBe(200);
    await recordedNotApplied(sessionId, 'succeeded');
    const [first, second] = await sweepTwiceAtOnce();
    expect(first + second).toBe(1);
    expect(await purchaseStatus(purchaseId)).toBe('cancelled');
    expect(await quantityOf(exhibitor.id)).toBeUndefined();
    const refunds = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.allocationPurchaseId, purchaseId));
    expect(refunds).toMatchObject([{ kind: 'late_payment', amountCents: 2 * PRICE }]);
    expect(await auditCount(purchaseId, 'late_payment_refunded')).toBe(1);
    expect(await sweepTwiceAtOnce()).toEqual([0, 0]);
  });

  it('leaves alone payments that were applied when they were recorded', async () => {
    const { exhibitor, purchaseId, sessionId } = await checkout(1);
    expect((await send(null, 'POST', `/api/payments/sandbox/${sessionId}`, { outcome: 'success' })).statusCode).toBe(
      200,
    );
    const [attempt] = await t.db.select().from(paymentAttempts).where(eq(paymentAttempts.externalId, sessionId));
    expect(attempt).toMatchObject({ state: 'succeeded' });
    expect(attempt!.appliedAt).not.toBeNull();
    expect(await sweepTwiceAtOnce()).toEqual([0, 0]);
    expect(await quantityOf(exhibitor.id)).toBe(1);
    expect(await auditCount(purchaseId, 'pay')).toBe(1);
  });
});

describe('a sandbox payment that could not be applied', () => {
  it('is not recorded either, so the payer can choose again', async () => {
    const { exhibitor, purchaseId, sessionId } = await checkout(2);
    // A database fault while the allocation grows: the trigger stands in for it, for this exhibitor only.
    await t.db.execute(
      sql.raw(`create or replace function fail_allocation_${exhibitor.id}() returns trigger language plpgsql as $$
        begin if new.admin_id = ${exhibitor.id} then raise exception 'allocation write failed'; end if; return new; end $$`),
    );
    await t.db.execute(
      sql.raw(`create trigger fail_allocation_${exhibitor.id} before insert or update on allocations
        for each row execute function fail_allocation_${exhibitor.id}()`),
    );
    try {
      const failed = await send(null, 'POST', `/api/payments/sandbox/${sessionId}`, { outcome: 'success' });
      expect(failed.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql.raw(`drop trigger fail_allocation_${exhibitor.id} on allocations`));
    }
    const [session] = await t.db.select().from(sandboxSessions).where(eq(sandboxSessions.id, sessionId));
    expect(session!.state).toBe('open');
    const retried = await send(null, 'POST', `/api/payments/sandbox/${sessionId}`, { outcome: 'success' });
    expect(retried.statusCode).toBe(200);
    expect(await purchaseStatus(purchaseId)).toBe('paid');
    expect(await quantityOf(exhibitor.id)).toBe(2);
  });
});
