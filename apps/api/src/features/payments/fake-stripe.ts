import Stripe from 'stripe';
import { STRIPE_CURRENCIES, stripeMinorUnitStep, type StripeGateway, type StripeSessionView } from './stripe-provider';

export const TEST_WEBHOOK_SECRET = 'whsec_test_secret_for_signed_fixture_events';

/**
 * For tests: Stripe's side of the conversation held in memory, so payment tests run offline. It
 * plays what the real API would answer; the tests move it along as a payer or Stripe's dashboard
 * would (`pay`, `failAsync`, `refundAtStripe`).
 */
export function createFakeStripe() {
  const sessions = new Map<
    string,
    StripeSessionView & { amount: number; params: Stripe.Checkout.SessionCreateParams }
  >();
  const intents = new Map<string, { id: string; status: string; amount: number; amountRefunded: number }>();
  const refunds = new Map<
    string,
    { id: string; status: string; paymentIntent: string; amount: number; idempotencyKey: string }
  >();
  let counter = 0;

  const gateway: StripeGateway = {
    async createCheckoutSession(params) {
      const id = `cs_test_${++counter}`;
      const { unit_amount: amount, currency } = params.line_items![0]!.price_data!;
      // What Stripe itself refuses: a currency it does not charge in, three-decimal amounts not in tens.
      const code = currency.toUpperCase();
      if (!(STRIPE_CURRENCIES as readonly string[]).includes(code)) throw new Error(`Invalid currency: ${currency}`);
      if (amount! % stripeMinorUnitStep(code) !== 0) throw new Error(`Invalid ${currency} amount: must end in 0`);
      sessions.set(id, { id, status: 'open', paymentStatus: 'unpaid', paymentIntentId: null, amount: amount!, params });
      return { id, url: `https://checkout.stripe.test/c/pay/${id}` };
    },
    async retrieveCheckoutSession(id) {
      const session = sessions.get(id);
      if (!session) throw new Error(`No such checkout.session: ${id}`);
      return {
        id: session.id,
        status: session.status,
        paymentStatus: session.paymentStatus,
        paymentIntentId: session.paymentIntentId,
      };
    },
    async retrievePaymentIntent(id) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`No such payment_intent: ${id}`);
      return { id: intent.id, status: intent.status, amountRefunded: intent.amountRefunded };
    },
    async createRefund(paymentIntentId, amount, idempotencyKey) {
      const intent = intents.get(paymentIntentId);
      if (!intent || intent.amountRefunded + amount > intent.amount) throw new Error('Refund exceeds the charge');
      const existing = [...refunds.values()].find((r) => r.idempotencyKey === idempotencyKey);
      if (existing) return existing;
      intent.amountRefunded += amount;
      const refund = {
        id: `re_test_${++counter}`,
        status: 'succeeded',
        paymentIntent: paymentIntentId,
        amount,
        idempotencyKey,
      };
      refunds.set(refund.id, refund);
      return refund;
    },
    async retrieveRefund(id) {
      const refund = refunds.get(id);
      if (!refund) throw new Error(`No such refund: ${id}`);
      return refund;
    },
  };

  return {
    gateway,
    sessions,
    intents,
    refunds,
    /** The payer completes the checkout. */
    pay(sessionId: string) {
      const session = sessions.get(sessionId)!;
      const intentId = `pi_test_${++counter}`;
      intents.set(intentId, { id: intentId, status: 'succeeded', amount: session.amount, amountRefunded: 0 });
      Object.assign(session, { status: 'complete', paymentStatus: 'paid', paymentIntentId: intentId });
      return intentId;
    },
    /** An asynchronous method (bank debit) fails after the checkout completed. */
    failAsync(sessionId: string) {
      const session = sessions.get(sessionId)!;
      const intentId = `pi_test_${++counter}`;
      intents.set(intentId, {
        id: intentId,
        status: 'requires_payment_method',
        amount: session.amount,
        amountRefunded: 0,
      });
      Object.assign(session, { status: 'complete', paymentStatus: 'unpaid', paymentIntentId: intentId });
    },
    /** Someone refunds from Stripe's dashboard. */
    refundAtStripe(intentId: string, amount: number) {
      intents.get(intentId)!.amountRefunded += amount;
    },
  };
}

/** A webhook delivery signed as Stripe signs it. */
export function signedEvent(
  type: string,
  object: object,
  options: { id?: string; timestamp?: number; secret?: string } = {},
) {
  const payload = JSON.stringify({
    id: options.id ?? `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const header = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? TEST_WEBHOOK_SECRET,
    timestamp: options.timestamp,
  });
  return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } };
}
