import { minorUnitsFromMoney } from '@portal/shared/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema/companies';
import { createTestApp, createWorld, type TestApp, type TestUser } from '../../test/harness';
import { listEmailsTo } from '../email/email.repository';
import { createFakeStripe, signedEvent, TEST_WEBHOOK_SECRET } from './fake-stripe';

/**
 * Money from the price form to the payment provider in currencies of each exponent: the price is
 * sent as the form sends it (typed text read by the shared parser), and what reaches Stripe, the
 * sandbox, the emails and the invoice is the same minor units, written with the currency's decimals.
 */

const stripe = createFakeStripe();
let withStripe: TestApp;
let withSandbox: TestApp;
let stripeAdmin: TestUser;
let sandboxAdmin: TestUser;
let shows = 0;

// Two apps, each on its own copy of the database: more than one file's usual set-up on a busy machine.
beforeAll(async () => {
  withStripe = await createTestApp(
    { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_offline', STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET },
    { stripeGateway: stripe.gateway },
  );
  withSandbox = await createTestApp({ PAYMENT_PROVIDER: 'sandbox' });
  stripeAdmin = (await createWorld(withStripe)).systemAdmin;
  sandboxAdmin = (await createWorld(withSandbox)).systemAdmin;
}, 180_000);
afterAll(async () => {
  await withStripe?.close();
  await withSandbox?.close();
});

type Method = 'GET' | 'POST' | 'PUT';
const send = (t: TestApp, as: TestUser | null, method: Method, url: string, payload?: object) =>
  t.request(as, { method, url, payload });

/** An event in `currency`, a category priced as typed in the price form, and an approved purchase of 3 places. */
async function approvedPurchase(t: TestApp, admin: TestUser, currency: string, typedPrice: string) {
  const n = ++shows;
  const accountingEmail = `books-${n}@expo.test`;
  const event = await send(t, admin, 'POST', '/api/events', {
    name: `Expo ${currency} ${n}`,
    currency,
    accountingEmail,
  });
  expect(event.statusCode, event.body).toBe(201);
  const eventId = event.json().data.id as number;
  const unitPrice = minorUnitsFromMoney(typedPrice, currency)!;
  const category = await send(t, admin, 'POST', '/api/admin/badge-categories', {
    eventId,
    name: 'Extra staff',
    type: 'badge',
    badgeType: 'exhibitor',
    unitPrice,
  });
  expect(category.statusCode, category.body).toBe(201);
  expect(category.json().data).toMatchObject({ unitPrice, currency });
  const [company] = await t.db
    .insert(companies)
    .values({ name: `Stand ${n}`, eventId })
    .returning({ id: companies.id });
  const exhibitor = await t.createUser({ roles: ['Exhibitor'], eventId, companyId: company!.id });
  const created = await send(t, exhibitor, 'POST', '/api/admin/allocation-purchases', {
    badgeCategoryId: category.json().data.id,
    quantity: 3,
  });
  expect(created.statusCode, created.body).toBe(201);
  const purchaseId = created.json().data.id as number;
  const approved = await send(t, admin, 'PUT', `/api/admin/allocation-purchases/${purchaseId}`, {
    action: 'approve',
    accepted_amount: 3,
  });
  expect(approved.json().data).toMatchObject({ unitPrice, amount_to_pay: 3 * unitPrice, currency });
  return { exhibitor, purchaseId, unitPrice, accountingEmail };
}

async function startCheckout(t: TestApp, exhibitor: TestUser, purchaseId: number): Promise<string> {
  const token = await send(t, exhibitor, 'POST', `/api/admin/allocation-purchases/${purchaseId}/payment-token`);
  expect(token.statusCode, token.body).toBe(200);
  return token.json().data.url.split('/').pop() as string;
}

const texts = async (t: TestApp, to: string) =>
  (await listEmailsTo(t.db, to)).map((email) => email.textBody).join('\n');

// Price as typed in the form; then how documents and emails write a place and the three places.
const CASES = [
  { currency: 'USD', typed: '45.50', minorUnits: 4550, place: '$45.50', total: '$136.50' },
  { currency: 'EUR', typed: '71', minorUnits: 7100, place: '€71.00', total: '€213.00' },
  { currency: 'JPY', typed: '4500', minorUnits: 4500, place: '¥4,500', total: '¥13,500' },
  { currency: 'KWD', typed: '45.12', minorUnits: 45120, place: 'KWD 45.120', total: 'KWD 135.360' },
] as const;

describe.each(CASES)(
  '$currency from the price form to the provider',
  ({ currency, typed, minorUnits, place, total }) => {
    it('hands Stripe the stored minor units as they are, and refunds in them too', async () => {
      const { exhibitor, purchaseId, unitPrice, accountingEmail } = await approvedPurchase(
        withStripe,
        stripeAdmin,
        currency,
        typed,
      );
      expect(unitPrice).toBe(minorUnits);
      const sessionId = await startCheckout(withStripe, exhibitor, purchaseId);
      expect(stripe.sessions.get(sessionId)!.params.line_items).toEqual([
        expect.objectContaining({
          price_data: expect.objectContaining({ currency: currency.toLowerCase(), unit_amount: 3 * minorUnits }),
        }),
      ]);

      stripe.pay(sessionId);
      const paid = signedEvent('checkout.session.completed', { id: sessionId, object: 'checkout.session' });
      const delivery = await withStripe.request(null, {
        method: 'POST',
        url: '/api/webhooks/stripe',
        payload: paid.payload,
        headers: paid.headers,
      });
      expect(delivery.statusCode).toBe(200);
      const refund = await send(
        withStripe,
        stripeAdmin,
        'POST',
        `/api/admin/allocation-purchases/${purchaseId}/refunds`,
        {
          amount: minorUnits,
          reason: 'One place less',
        },
      );
      expect(refund.statusCode, refund.body).toBe(200);
      expect([...stripe.refunds.values()].at(-1)!.amount).toBe(minorUnits);

      const toExhibitor = await texts(withStripe, exhibitor.email);
      expect(toExhibitor).toContain(`Amount to pay: ${total} (invoice`);
      expect(toExhibitor).toContain(`We received ${total} for invoice`);
      expect(toExhibitor).toContain(`${place} of invoice`);
      const toAccounting = await texts(withStripe, accountingEmail);
      expect(toAccounting).toContain(`3 × ${place} = ${total}`);
      expect(toAccounting).toContain(`Total amount: ${total}`);
      expect(toAccounting).toContain(`Total amount: ${place}\nStatus: CREDITED`);
    });

    it('opens a sandbox checkout for the same minor units, and the invoice holds them', async () => {
      const { exhibitor, purchaseId } = await approvedPurchase(withSandbox, sandboxAdmin, currency, typed);
      const sessionId = await startCheckout(withSandbox, exhibitor, purchaseId);
      const session = await send(withSandbox, null, 'GET', `/api/payments/sandbox/${sessionId}`);
      expect(session.json().data).toMatchObject({ amount: 3 * minorUnits, currency });
      const invoice = await send(
        withSandbox,
        sandboxAdmin,
        'GET',
        `/api/admin/allocation-purchases/${purchaseId}/invoice`,
      );
      expect(invoice.json().data).toMatchObject({
        currency,
        totalAmount: 3 * minorUnits,
        lines: [expect.objectContaining({ quantity: 3, unitPrice: minorUnits, total: 3 * minorUnits })],
      });
    });
  },
);

describe('event currencies', () => {
  it.each(['XXX', 'XTS', 'XAU', 'XDR', 'ABC', 'US'])(
    'refuses %s as an event currency, naming the field',
    async (currency) => {
      const res = await send(withSandbox, sandboxAdmin, 'POST', '/api/events', { name: `Expo ${currency}`, currency });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([expect.objectContaining({ field: 'currency' })]);
    },
  );

  it('accepts only what the configured provider charges in, on create and on edit', async () => {
    const created = await send(withStripe, stripeAdmin, 'POST', '/api/events', {
      name: 'Reykjavik Expo',
      currency: 'ISK',
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().details).toEqual([{ field: 'currency', message: expect.stringContaining('stripe') }]);
    const usd = await send(withStripe, stripeAdmin, 'POST', '/api/events', { name: 'Boston Expo' });
    expect(usd.json().data.currency).toBe('USD');
    const edited = await send(withStripe, stripeAdmin, 'PUT', `/api/events/${usd.json().data.id}`, { currency: 'ISK' });
    expect(edited.statusCode).toBe(400);
    expect(
      (await send(withSandbox, sandboxAdmin, 'POST', '/api/events', { name: 'Reykjavik Expo', currency: 'ISK' }))
        .statusCode,
    ).toBe(201);
  });

  it('keeps an event’s currency once a price or a purchase gives its numbers a meaning', async () => {
    const event = (
      await send(withSandbox, sandboxAdmin, 'POST', '/api/events', { name: 'Osaka Expo', currency: 'USD' })
    ).json().data;
    const change = (currency: string) =>
      send(withSandbox, sandboxAdmin, 'PUT', `/api/events/${event.id}`, { currency });
    expect((await change('JPY')).json().data.currency).toBe('JPY');
    await send(withSandbox, sandboxAdmin, 'POST', '/api/admin/badge-categories', {
      eventId: event.id,
      name: 'Extra staff',
      type: 'badge',
      badgeType: 'exhibitor',
      unitPrice: minorUnitsFromMoney('4500', 'JPY'),
    });
    const refused = await change('USD');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().details).toEqual([{ field: 'currency', message: expect.stringContaining('in JPY') }]);
    expect((await change('JPY')).statusCode).toBe(200);
  });

  it('lists the currencies the provider takes, with their exponent, for the event form', async () => {
    const fromStripe = (await send(withStripe, stripeAdmin, 'GET', '/api/events/currencies')).json().data;
    expect(fromStripe.provider).toBe('stripe');
    expect(fromStripe.currencies).toEqual(
      expect.arrayContaining([
        { code: 'USD', exponent: 2 },
        { code: 'JPY', exponent: 0 },
        { code: 'KWD', exponent: 3 },
      ]),
    );
    expect(fromStripe.currencies.map((c: { code: string }) => c.code)).not.toContain('ISK');
    const fromSandbox = (await send(withSandbox, sandboxAdmin, 'GET', '/api/events/currencies')).json().data;
    expect(fromSandbox.currencies).toEqual(expect.arrayContaining([{ code: 'ISK', exponent: 0 }]));
    expect(fromSandbox.currencies.map((c: { code: string }) => c.code)).not.toContain('XXX');
  });

  it('refuses a KWD price Stripe could not charge: its amounts end in 0', async () => {
    const event = await send(withStripe, stripeAdmin, 'POST', '/api/events', { name: 'Kuwait Fair', currency: 'KWD' });
    const res = await send(withStripe, stripeAdmin, 'POST', '/api/admin/badge-categories', {
      eventId: event.json().data.id,
      name: 'Extra staff',
      type: 'badge',
      badgeType: 'exhibitor',
      unitPrice: minorUnitsFromMoney('45.125', 'KWD'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { field: 'unitPrice', message: 'Payments through stripe take KWD in steps of KWD 0.010' },
    ]);
  });

  it('refuses a KWD refund Stripe could not make, before anything moves', async () => {
    const { exhibitor, purchaseId } = await approvedPurchase(withStripe, stripeAdmin, 'KWD', '10');
    const sessionId = await startCheckout(withStripe, exhibitor, purchaseId);
    stripe.pay(sessionId);
    const paid = signedEvent('checkout.session.completed', { id: sessionId, object: 'checkout.session' });
    await withStripe.request(null, {
      method: 'POST',
      url: '/api/webhooks/stripe',
      payload: paid.payload,
      headers: paid.headers,
    });
    const refundsBefore = stripe.refunds.size;
    const res = await send(withStripe, stripeAdmin, 'POST', `/api/admin/allocation-purchases/${purchaseId}/refunds`, {
      amount: minorUnitsFromMoney('2.505', 'KWD'),
      reason: 'Goodwill',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { field: 'amount', message: 'Payments through stripe take KWD in steps of KWD 0.010' },
    ]);
    expect(stripe.refunds.size).toBe(refundsBefore);
    const purchase = await send(withStripe, stripeAdmin, 'GET', `/api/admin/allocation-purchases/${purchaseId}`);
    expect(purchase.json().data).toMatchObject({ status: 'paid', refunded_amount: 0 });
  });
});
