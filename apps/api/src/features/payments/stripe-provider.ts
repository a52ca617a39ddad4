import { CURRENCY_EXPONENTS, type CurrencyCode } from '@portal/shared/currencies';
import Stripe from 'stripe';
import type { PaymentProvider, PaymentTruth } from './payment-provider';

export type StripeSessionView = {
  id: string;
  status: Stripe.Checkout.Session.Status | null;
  paymentStatus: Stripe.Checkout.Session.PaymentStatus;
  paymentIntentId: string | null;
};

export type StripePaymentIntentView = { id: string; status: string; amountRefunded: number };

/**
 * The few Stripe calls the portal makes, behind an interface so that tests run offline against a
 * stand-in while production uses the official SDK. Webhook signatures are always checked by the
 * SDK itself (`constructEvent`), which needs no network.
 */
export interface StripeGateway {
  createCheckoutSession(
    params: Stripe.Checkout.SessionCreateParams,
    idempotencyKey: string,
  ): Promise<{ id: string; url: string | null }>;
  retrieveCheckoutSession(id: string): Promise<StripeSessionView>;
  retrievePaymentIntent(id: string): Promise<StripePaymentIntentView>;
  createRefund(
    paymentIntentId: string,
    amount: number,
    idempotencyKey: string,
  ): Promise<{ id: string; status: string | null }>;
  retrieveRefund(id: string): Promise<{ id: string; status: string | null }>;
}

export function createStripeSdkGateway(stripe: Stripe): StripeGateway {
  return {
    async createCheckoutSession(params, idempotencyKey) {
      const session = await stripe.checkout.sessions.create(params, { idempotencyKey });
      return { id: session.id, url: session.url };
    },
    async retrieveCheckoutSession(id) {
      const session = await stripe.checkout.sessions.retrieve(id);
      const intent = session.payment_intent;
      return {
        id: session.id,
        status: session.status,
        paymentStatus: session.payment_status,
        paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
      };
    },
    async retrievePaymentIntent(id) {
      const intent = await stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] });
      const charge = intent.latest_charge;
      return {
        id: intent.id,
        status: intent.status,
        amountRefunded: typeof charge === 'object' && charge ? charge.amount_refunded : 0,
      };
    },
    async createRefund(paymentIntentId, amount, idempotencyKey) {
      const refund = await stripe.refunds.create({ payment_intent: paymentIntentId, amount }, { idempotencyKey });
      return { id: refund.id, status: refund.status };
    },
    async retrieveRefund(id) {
      const refund = await stripe.refunds.retrieve(id);
      return { id: refund.id, status: refund.status };
    },
  };
}

/** Verifies a webhook delivery's signature (and its age) and parses it; throws when forged or stale. */
export function verifyStripeEvent(rawBody: Buffer, signature: string, webhookSecret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
}

/**
 * The currencies Stripe charges in (its "supported presentment currencies") whose amounts it reads
 * in the ISO 4217 minor unit, so the stored minor units go to `unit_amount` as they are. Left out:
 * ISK and UGX, which Stripe still takes as two-decimal amounts although ISO gives them none, and
 * MGA, which Stripe takes without decimals although ISO gives it two; a conversion for three
 * currencies is not worth the risk of charging 100 times the price.
 */
// One line per initial letter keeps the list easy to check against Stripe's page.
// prettier-ignore
export const STRIPE_CURRENCIES: readonly CurrencyCode[] = [
  'AED', 'AFN', 'ALL', 'AMD', 'AOA', 'ARS', 'AUD', 'AWG', 'AZN',
  'BAM', 'BBD', 'BDT', 'BHD', 'BIF', 'BMD', 'BND', 'BOB', 'BRL', 'BSD', 'BWP', 'BYN', 'BZD',
  'CAD', 'CDF', 'CHF', 'CLP', 'CNY', 'COP', 'CRC', 'CVE', 'CZK',
  'DJF', 'DKK', 'DOP', 'DZD',
  'EGP', 'ETB', 'EUR',
  'FJD', 'FKP',
  'GBP', 'GEL', 'GIP', 'GMD', 'GNF', 'GTQ', 'GYD',
  'HKD', 'HNL', 'HTG', 'HUF',
  'IDR', 'ILS', 'INR',
  'JMD', 'JOD', 'JPY',
  'KES', 'KGS', 'KHR', 'KMF', 'KRW', 'KWD', 'KYD', 'KZT',
  'LAK', 'LBP', 'LKR', 'LRD', 'LSL',
  'MAD', 'MDL', 'MKD', 'MMK', 'MNT', 'MOP', 'MUR', 'MVR', 'MWK', 'MXN', 'MYR', 'MZN',
  'NAD', 'NGN', 'NIO', 'NOK', 'NPR', 'NZD',
  'OMR',
  'PAB', 'PEN', 'PGK', 'PHP', 'PKR', 'PLN', 'PYG',
  'QAR',
  'RON', 'RSD', 'RUB', 'RWF',
  'SAR', 'SBD', 'SCR', 'SEK', 'SGD', 'SHP', 'SLE', 'SOS', 'SRD', 'SZL',
  'THB', 'TJS', 'TND', 'TOP', 'TRY', 'TTD', 'TWD', 'TZS',
  'UAH', 'USD', 'UYU', 'UZS',
  'VND', 'VUV',
  'WST',
  'XAF', 'XCD', 'XOF', 'XPF',
  'YER',
  'ZAR', 'ZMW',
];

/** Stripe asks three-decimal amounts (KWD, BHD, JOD, OMR, TND) to end in 0: whole tens of fils. */
export function stripeMinorUnitStep(currency: string): number {
  return (CURRENCY_EXPONENTS as Record<string, number>)[currency] === 3 ? 10 : 1;
}

const FAILED_INTENT_STATES = new Set(['canceled', 'requires_payment_method']);

/** Stripe Checkout: the payer is sent to Stripe's page; webhooks and the sync call read the session back. */
export function createStripeProvider(gateway: StripeGateway): PaymentProvider {
  return {
    name: 'stripe',
    currencies: STRIPE_CURRENCIES,
    minorUnitStep: stripeMinorUnitStep,
    async startCheckout(_tx, request) {
      const session = await gateway.createCheckoutSession(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                // Stripe reads amounts in the currency's smallest unit, as the portal stores them.
                unit_amount: request.amountCents,
                product_data: { name: `${request.description} — ${request.eventName}` },
              },
            },
          ],
          customer_email: request.customerEmail,
          client_reference_id: String(request.purchaseId),
          metadata: { allocationPurchaseId: String(request.purchaseId), invoiceNumber: request.invoiceNumber ?? '' },
          payment_intent_data: { metadata: { allocationPurchaseId: String(request.purchaseId) } },
          success_url: request.returnUrl,
          cancel_url: request.returnUrl,
        },
        request.idempotencyKey,
      );
      return { externalId: session.id, url: session.url, instructions: null };
    },

    async fetchPayment(_tx, externalId): Promise<PaymentTruth> {
      const session = await gateway.retrieveCheckoutSession(externalId);
      if (session.status === 'expired') return { state: 'expired', paymentReference: null, refundedCents: null };
      if (session.status !== 'complete' || !session.paymentIntentId)
        return { state: 'open', paymentReference: null, refundedCents: null };
      const intent = await gateway.retrievePaymentIntent(session.paymentIntentId);
      if (intent.status === 'succeeded' && session.paymentStatus === 'paid') {
        return { state: 'succeeded', paymentReference: intent.id, refundedCents: intent.amountRefunded };
      }
      // An asynchronous method (bank debit) that did not go through.
      if (FAILED_INTENT_STATES.has(intent.status))
        return { state: 'failed', paymentReference: intent.id, refundedCents: null };
      return { state: 'open', paymentReference: intent.id, refundedCents: null };
    },

    async refund(_tx, request) {
      if (!request.paymentReference) throw new Error('A Stripe refund needs the payment intent');
      const refund = await gateway.createRefund(request.paymentReference, request.amountCents, request.idempotencyKey);
      return { externalId: refund.id, state: refund.status === 'succeeded' ? 'succeeded' : 'pending' };
    },

    async fetchRefund(_tx, externalId) {
      const refund = await gateway.retrieveRefund(externalId);
      if (refund.status === 'succeeded') return 'succeeded';
      return refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : 'pending';
    },
  };
}
