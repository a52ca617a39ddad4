import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { badgeCategories } from '../../db/schema/badges';
import {
  paymentAttempts,
  paymentRefunds,
  paymentStatusSyncs,
  processedWebhookEvents,
  sandboxSessions,
} from '../../db/schema/payments';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';
import { listEmailsTo } from '../email/email.repository';
import { createFakeStripe, signedEvent, TEST_WEBHOOK_SECRET } from './fake-stripe';

const PRICE = 4000;
let t: TestApp;
let w: World;
const stripe = createFakeStripe();

beforeAll(async () => {
  t = await createTestApp(
    {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_offline',
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      PUBLIC_URL: 'https://portal.test',
    },
    { stripeGateway: stripe.gateway },
  );
  w = await createWorld(t);
  await t.db.update(badgeCategories).set({ unitPriceCents: PRICE }).where(eq(badgeCategories.id, w.categoryA));
});
afterAll(() => t.close());

const send = (as: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.request(as, { method, url, payload });
const deliver = (event: { payload: string; headers: Record<string, string> }) =>
  t.request(null, { method: 'POST', url: '/api/webhooks/stripe', payload: event.payload, headers: event.headers });

async function allocationQuantity(adminId: number): Promise<number | undefined> {
  const res = await send(
    w.systemAdmin,
    'GET',
    `/api/admin/allocations?adminId=${adminId}&badgeCategoryId=${w.categoryA}`,
  );
  return res.json().data[0]?.quantity;
}

/** An exhibitor with an approved purchase of `places` and an open Checkout Session for it. */
async function checkout(places: number) {
  const exhibitor = await t.createUser({ roles: ['Exhibitor'], eventId: w.eventA, companyId: w.companyA });
  const created = (
    await send(exhibitor, 'POST', '/api/admin/allocation-purchases', { badgeCategoryId: w.categoryA, quantity: places })
  ).json().data;
  await send(w.eventAdminA, 'PUT', `/api/admin/allocation-purchases/${created.id}`, {
    action: 'approve',
    accepted_amount: places,
  });
  const token = await send(exhibitor, 'POST', `/api/admin/allocation-purchases/${created.id}/payment-token`);
  expect(token.statusCode).toBe(200);
  const sessionId = token.json().data.url.split('/').pop() as string;
  return { exhibitor, purchaseId: created.id as number, sessionId };
}

/** The query of the return URL Stripe sends the payer of a purchase back to: its signed `?t=`. */
function linkOf(purchaseId: number): string {
  const session = [...stripe.sessions.values()].findLast((s) => s.params.client_reference_id === String(purchaseId));
  const url = session!.params.success_url!;
  return url.slice(url.indexOf('?'));
}

const purchaseOf = async (id: number) =>
  (await send(w.eventAdminA, 'GET', `/api/admin/allocation-purchases/${id}`)).json().data;

describe('Stripe checkout', () => {
  it('opens a Checkout Session for the amount to pay, returning to the public status page', async () => {
    const { purchaseId, sessionId } = await checkout(3);
    const session = stripe.sessions.get(sessionId)!;
    expect(session.amount).toBe(3 * PRICE);
    expect(session.params).toMatchObject({
      mode: 'payment',
      client_reference_id: String(purchaseId),
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 3 * PRICE } }],
    });
    // The payer comes back to the status page with the signed link that opens it.
    const back = new RegExp(`^https://portal\\.test/payment-status/${purchaseId}\\?t=[\\w.-]+$`);
    expect(session.params.success_url).toMatch(back);
    expect(session.params.cancel_url).toMatch(back);
  });

  it('refuses a forged or stale signature and changes nothing', async () => {
    const { exhibitor, purchaseId, sessionId } = await checkout(1);
    stripe.pay(sessionId);
    const forged = signedEvent(
      'checkout.session.completed',
      { id: sessionId, object: 'checkout.session' },
      { secret: 'whsec_someone_else' },
    );
    expect((await deliver(forged)).statusCode).toBe(400);
    const stale = signedEvent(
      'checkout.session.completed',
      { id: sessionId, object: 'checkout.session' },
      { timestamp: Math.floor(Date.now() / 1000) - 3600 },
    );
    expect((await deliver(stale)).statusCode).toBe(400);
    const tampered = signedEvent('checkout.session.completed', { id: sessionId, object: 'checkout.session' });
    expect((await deliver({ ...tampered, payload: tampered.payload.replace('completed', 'expired') })).statusCode).toBe(
      400,
    );
    expect(
      (await deliver({ payload: tampered.payload, headers: { 'content-type': 'application/json' } })).statusCode,
    ).toBe(400);
    expect((await purchaseOf(purchaseId)).status).toBe('approved');
    expect(await allocationQuantity(exhibitor.id)).toBeUndefined();
  });

  it('applies only what Stripe says, whatever the event claims', async () => {
    const { exhibitor, purchaseId, sessionId } = await checkout(2);
    const lying = signedEvent('checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
      payment_status: 'paid',
    });
    expect((await deliver(lying)).statusCode).toBe(200);
    expect((await purchaseOf(purchaseId)).status).toBe('approved');
    expect(await allocationQuantity(exhibitor.id)).toBeUndefined();
  });

  it('marks the purchase paid once and ignores a replayed delivery', async () => {
    const { exhibitor, purchaseId, sessionId } = await checkout(2);
    const intent = stripe.pay(sessionId);
    const event = signedEvent('checkout.session.completed', { id: sessionId, object: 'checkout.session' });
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await purchaseOf(purchaseId)).toMatchObject({
      status: 'paid',
      is_paid: true,
      paymentProvider: 'stripe',
      paymentReference: intent,
    });
    expect(await allocationQuantity(exhibitor.id)).toBe(2);
    expect((await deliver(event)).statusCode).toBe(200);
    const retry = signedEvent('checkout.session.async_payment_succeeded', {
      id: sessionId,
      object: 'checkout.session',
    });
    expect((await deliver(retry)).statusCode).toBe(200);
    expect(await allocationQuantity(exhibitor.id)).toBe(2);
    const seen = await t.db
      .select()
      .from(processedWebhookEvents)
      .where(eq(processedWebhookEvents.eventId, JSON.parse(event.payload).id));
    expect(seen).toHaveLength(1);
  });

  it('grows the allocation once when webhooks, the sync call and retries race', async () => {
    const { exhibitor, purchaseId, sessionId } = await checkout(5);
    stripe.pay(sessionId);
    const object = { id: sessionId, object: 'checkout.session' };
    const results = await Promise.all([
      deliver(signedEvent('checkout.session.completed', object)),
      send(null, 'GET', `/api/webhooks/allocation-purchases/${purchaseId}/sync-payment${linkOf(purchaseId)}`),
      deliver(signedEvent('checkout.session.completed', object)),
      send(null, 'GET', `/api/webhooks/allocation-purchases/${purchaseId}/sync-payment${linkOf(purchaseId)}`),
      deliver(signedEvent('checkout.session.async_payment_succeeded', object)),
      send(null, 'GET', `/api/webhooks/allocation-purchases/${purchaseId}/sync-payment${linkOf(purchaseId)}`),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await allocationQuantity(exhibitor.id)).toBe(5);
    const pays = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, 'allocation_purchase'),
          eq(auditLog.entityId, String(purchaseId)),
          eq(auditLog.action, 'pay'),
        ),
      );
    expect(pays).toHaveLength(1);
    expect((await send(null, 'GET', `/api/payment-status/${purchaseId}${linkOf(purchaseId)}`)).json().data.status).toBe('paid');
  });

  it('reports an asynchronous payment that failed', async () => {
    const { purchaseId, sessionId } = await checkout(1);
    stripe.failAsync(sessionId);
    await deliver(signedEvent('checkout.session.async_payment_failed', { id: sessionId, object: 'checkout.session' }));
    expect((await send(null, 'GET', `/api/payment-status/${purchaseId}${linkOf(purchaseId)}`)).json().data.status).toBe('failed');
    expect((await purchaseOf(purchaseId)).status).toBe('approved');
  });

  it('refunds a payment for a purchase cancelled meanwhile through Stripe', async () => {
    const { exhibitor, purchaseId, sessionId } = await checkout(2);
    await send(w.eventAdminA, 'PUT', `/api/admin/allocation-purchases/${purchaseId}`, {
      action: 'cancel',
      comment: 'Too late',
    });
    const intent = stripe.pay(sessionId);
    await deliver(signedEvent('checkout.session.completed', { id: sessionId, object: 'checkout.session' }));
    expect(stripe.intents.get(intent)!.amountRefunded).toBe(2 * PRICE);
    expect((await purchaseOf(purchaseId)).status).toBe('cancelled');
    expect(await allocationQuantity(exhibitor.id)).toBeUndefined();
    const [refund] = await t.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.allocationPurchaseId, purchaseId));
    expect(refund).toMatchObject({ kind: 'late_payment', amountCents: 2 * PRICE, state: 'succeeded' });
  });
});

describe('late payments', () => {
  it('reports an automatic refund Stripe refused, for the organisers to settle by hand', async () => {
    const { purchaseId, sessionId } = await checkout(1);
    const reject = await send(w.eventAdminA, 'PUT', `/api/admin/allocation-purchases/${purchaseId}`, {
      action: 'reject',
      comment: 'Closed',
    });
    expect(reject.statusCode).toBe(409);
    await send(w.eventAdminA, 'PUT', `/api/admin/allocation-purchases/${purchaseId}`, { action: 'cancel' });
    const intent = stripe.pay(sessionId);
    stripe.refundAtStripe(intent, PRICE);
    expect(
      (await deliver(signedEvent('checkout.session.completed', { id: sessionId, object: 'checkout.session' })))
        .statusCode,
    ).toBe(200);
    expect((await purchaseOf(purchaseId)).status).toBe('cancelled');
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(purchaseId)), eq(auditLog.action, 'late_payment_refund_failed')));
    expect(audit).toHaveLength(1);
    const mail = (await listEmailsTo(t.db, w.eventAdminA.email)).at(-1)!;
    expect(mail.textBody).toContain('The automatic refund failed');
  });

  it('refunds a second payment of a purchase already paid', async () => {
    const { exhibitor, purchaseId, sessionId } = await checkout(2);
    const second = (await send(exhibitor, 'POST', `/api/admin/allocation-purchases/${purchaseId}/payment-token`))
      .json()
      .data.url.split('/')
      .pop();
    stripe.pay(sessionId);
    const duplicate = stripe.pay(second);
    await deliver(signedEvent('checkout.session.completed', { id: sessionId, object: 'checkout.session' }));
    await deliver(signedEvent('checkout.session.completed', { id: second, object: 'checkout.session' }));
    expect(await purchaseOf(purchaseId)).toMatchObject({ status: 'paid' });
    expect(await allocationQuantity(exhibitor.id)).toBe(2);
    expect(stripe.intents.get(duplicate)!.amountRefunded).toBe(2 * PRICE);
  });
});

describe('Stripe refunds', () => {
  it('refunds through Stripe and does not count the echoed charge.refunded twice', async () => {
    const { exhibitor, purchaseId, sessionId } = await checkout(3);
    const intent = stripe.pay(sessionId);
    await send(null, 'GET', `/api/webhooks/allocation-purchases/${purchaseId}/sync-payment${linkOf(purchaseId)}`);
    const res = await send(w.eventAdminA, 'POST', `/api/admin/allocation-purchases/${purchaseId}/refunds`, {
      amount: PRICE,
      reason: 'One cancelled',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'partially_refunded', refunded_amount: PRICE });
    expect(stripe.intents.get(intent)!.amountRefunded).toBe(PRICE);
    expect(await allocationQuantity(exhibitor.id)).toBe(2);
    await deliver(signedEvent('charge.refunded', { id: 'ch_1', object: 'charge', payment_intent: intent }));
    expect((await purchaseOf(purchaseId)).refunded_amount).toBe(PRICE);
  });

  it('changes nothing when Stripe refuses the refund', async () => {
    const { exhibitor, purchaseId, sessionId } = await checkout(2);
    const intent = stripe.pay(sessionId);
    await send(null, 'GET', `/api/webhooks/allocation-purchases/${purchaseId}/sync-payment${linkOf(purchaseId)}`);
    // Refunded at Stripe already, and the webhook not here yet: Stripe refuses a second refund.
    stripe.refundAtStripe(intent, 2 * PRICE);
    const res = await send(w.eventAdminA, 'POST', `/api/admin/allocation-purchases/${purchaseId}/refunds`, {
      amount: PRICE,
      reason: 'One fewer',
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('The stripe payment provider could not refund: Refund exceeds the charge');
    expect(await purchaseOf(purchaseId)).toMatchObject({ status: 'paid', refunded_amount: 0, creditNotes: [] });
    expect(await allocationQuantity(exhibitor.id)).toBe(2);
  });

  it('records a refund made in Stripe’s dashboard, with a credit note', async () => {
    const { exhibitor, purchaseId, sessionId } = await checkout(2);
    const intent = stripe.pay(sessionId);
    await send(null, 'GET', `/api/webhooks/allocation-purchases/${purchaseId}/sync-payment${linkOf(purchaseId)}`);
    stripe.refundAtStripe(intent, 2 * PRICE);
    const event = signedEvent('charge.refunded', { id: 'ch_2', object: 'charge', payment_intent: intent });
    await deliver(event);
    await deliver(signedEvent('charge.refunded', { id: 'ch_2', object: 'charge', payment_intent: intent }));
    const purchase = await purchaseOf(purchaseId);
    expect(purchase).toMatchObject({ status: 'refunded', refunded_amount: 2 * PRICE });
    expect(purchase.creditNotes).toHaveLength(1);
    expect(purchase.creditNotes[0]).toMatchObject({ amount: 2 * PRICE, reason: 'Refunded at the payment provider' });
    expect(await allocationQuantity(exhibitor.id)).toBe(0);
  });

  it('marks a refund Stripe reports as failed, after asking Stripe', async () => {
    const { purchaseId, sessionId } = await checkout(1);
    const intent = stripe.pay(sessionId);
    await send(null, 'GET', `/api/webhooks/allocation-purchases/${purchaseId}/sync-payment${linkOf(purchaseId)}`);
    await send(w.eventAdminA, 'POST', `/api/admin/allocation-purchases/${purchaseId}/refunds`, {
      amount: PRICE,
      reason: 'Refund',
    });
    const [refund] = await t.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.allocationPurchaseId, purchaseId));
    const claim = { id: refund!.externalId, object: 'refund', status: 'failed', payment_intent: intent };
    // Stripe still says succeeded: the event alone changes nothing.
    await deliver(signedEvent('refund.updated', claim));
    expect((await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refund!.id)))[0]!.state).toBe(
      'succeeded',
    );
    stripe.refunds.get(refund!.externalId!)!.status = 'failed';
    await deliver(signedEvent('refund.updated', claim));
    expect((await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refund!.id)))[0]!.state).toBe(
      'failed',
    );
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(purchaseId)), eq(auditLog.action, 'refund_failed')));
    expect(audit).toHaveLength(1);
  });
});

describe('the sandbox checkout while Stripe takes the payments', () => {
  it('cannot mark a purchase paid, even through a sandbox session left from before the switch', async () => {
    const { exhibitor, purchaseId } = await checkout(2);
    const leftover = 'sbx_left_from_before_the_switch';
    await t.db.insert(sandboxSessions).values({
      id: leftover,
      allocationPurchaseId: purchaseId,
      amountCents: 2 * PRICE,
      currency: 'USD',
      description: 'Badge Allocation',
    });
    await t.db.insert(paymentAttempts).values({
      allocationPurchaseId: purchaseId,
      provider: 'sandbox',
      externalId: leftover,
      amountCents: 2 * PRICE,
      currency: 'USD',
    });
    expect((await send(null, 'GET', `/api/payments/sandbox/${leftover}`)).statusCode).toBe(404);
    expect((await send(null, 'POST', `/api/payments/sandbox/${leftover}`, { outcome: 'success' })).statusCode).toBe(
      404,
    );
    const synced = await send(null, 'GET', `/api/webhooks/allocation-purchases/${purchaseId}/sync-payment${linkOf(purchaseId)}`);
    expect(synced.json().data.status).toBe('pending');
    expect((await purchaseOf(purchaseId)).status).toBe('approved');
    expect(await allocationQuantity(exhibitor.id)).toBeUndefined();
  });
});

describe('the public sync call', () => {
  it('asks Stripe about a bounded number of checkouts however many were opened', async () => {
    const { exhibitor, purchaseId } = await checkout(1);
    const sessions: string[] = [];
    for (let i = 0; i < 5; i++) {
      const token = await send(exhibitor, 'POST', `/api/admin/allocation-purchases/${purchaseId}/payment-token`);
      sessions.push(token.json().data.url.split('/').pop() as string);
    }
    const asked: string[] = [];
    const retrieve = stripe.gateway.retrieveCheckoutSession;
    stripe.gateway.retrieveCheckoutSession = (id) => (asked.push(id), retrieve(id));
    try {
      stripe.pay(sessions.at(-1)!);
      const synced = await send(null, 'GET', `/api/webhooks/allocation-purchases/${purchaseId}/sync-payment${linkOf(purchaseId)}`);
      expect(synced.json().data.status).toBe('paid');
      expect(asked.length).toBeLessThanOrEqual(3);
      expect(asked).toContain(sessions.at(-1));
    } finally {
      stripe.gateway.retrieveCheckoutSession = retrieve;
    }
  });

  it('asks Stripe about a purchase at most once every few seconds, however often the page is loaded', async () => {
    const { purchaseId, sessionId } = await checkout(1);
    const asked: string[] = [];
    const retrieve = stripe.gateway.retrieveCheckoutSession;
    stripe.gateway.retrieveCheckoutSession = (id) => (asked.push(id), retrieve(id));
    try {
      const loads = await Promise.all(
        Array.from({ length: 6 }, () =>
          send(null, 'GET', `/api/webhooks/allocation-purchases/${purchaseId}/sync-payment${linkOf(purchaseId)}`),
        ),
      );
      expect(loads.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(loads.map((r) => r.json().data.status)).toEqual(Array(6).fill('pending'));
      expect(asked).toEqual([sessionId]);
      for (let i = 0; i < 3; i++)
        await send(null, 'GET', `/api/webhooks/allocation-purchases/${purchaseId}/sync-payment${linkOf(purchaseId)}`);
      expect(asked).toHaveLength(1);
      // Once the interval has passed (here: moved back in the database), the next load asks again.
      stripe.pay(sessionId);
      await t.db
        .update(paymentStatusSyncs)
        .set({ syncedAt: new Date(Date.now() - 60_000) })
        .where(eq(paymentStatusSyncs.allocationPurchaseId, purchaseId));
      const after = await send(
        null,
        'GET',
        `/api/webhooks/allocation-purchases/${purchaseId}/sync-payment${linkOf(purchaseId)}`,
      );
      expect(after.json().data.status).toBe('paid');
      expect(asked).toEqual([sessionId, sessionId]);
    } finally {
      stripe.gateway.retrieveCheckoutSession = retrieve;
    }
  });

  it('tells an anonymous caller nothing of a provider failure: the status stays pending', async () => {
    const { purchaseId } = await checkout(1);
    const retrieve = stripe.gateway.retrieveCheckoutSession;
    stripe.gateway.retrieveCheckoutSession = async () => {
      throw new Error('Invalid API Key provided: sk_live_****1234');
    };
    try {
      const synced = await send(null, 'GET', `/api/webhooks/allocation-purchases/${purchaseId}/sync-payment${linkOf(purchaseId)}`);
      expect(synced.statusCode).toBe(200);
      expect(synced.json().data.status).toBe('pending');
      expect(synced.body).not.toContain('sk_live');
    } finally {
      stripe.gateway.retrieveCheckoutSession = retrieve;
    }
  });
});
