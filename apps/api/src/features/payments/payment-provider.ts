import type { PaymentProviderName } from '@portal/shared/allocation-purchases';
import type { CurrencyCode } from '@portal/shared/currencies';
import type { Database } from '../../db/client';

export type CheckoutRequest = {
  purchaseId: number;
  /** In the currency's minor unit (ISO 4217 exponent), as stored. */
  amountCents: number;
  currency: string;
  description: string;
  eventName: string;
  invoiceNumber: string | null;
  customerEmail: string;
  /** Where the provider sends the payer back (the public payment status page). */
  returnUrl: string;
  /** Identifies this start to the provider, so that its client's own network retries never open two sessions. */
  idempotencyKey: string;
};

export type CheckoutStart = {
  /** The provider's id of the session, kept on the payment attempt. */
  externalId: string;
  /** Where the browser goes to pay: an SPA path or an absolute URL; null when paid outside the portal. */
  url: string | null;
  instructions: string | null;
};

/** A payment's state as the provider itself knows it: the only truth a webhook or sync applies. */
export type PaymentTruth = {
  state: 'open' | 'succeeded' | 'failed' | 'expired';
  /** The provider's id of the money received (for refunds), once paid. */
  paymentReference: string | null;
  /** Money the provider reports as refunded so far, when it can tell. */
  refundedCents: number | null;
};

export type RefundRequest = {
  externalId: string;
  paymentReference: string | null;
  amountCents: number;
  idempotencyKey: string;
};
export type RefundResult = { externalId: string | null; state: 'succeeded' | 'pending' };

/**
 * What the portal needs of a payment provider. `tx` is the caller's transaction: the sandbox
 * provider keeps its sessions in the database; a remote provider ignores it.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The currencies it takes payments in; an event's currency must be one of them. */
  readonly currencies: readonly CurrencyCode[];
  /**
   * The smallest amount, in minor units, the provider charges or refunds in this currency:
   * 1 mostly; Stripe takes three-decimal currencies in tens of their minor unit.
   */
  minorUnitStep(currency: string): number;
  startCheckout(tx: Database, request: CheckoutRequest): Promise<CheckoutStart>;
  fetchPayment(tx: Database, externalId: string): Promise<PaymentTruth>;
  refund(tx: Database, request: RefundRequest): Promise<RefundResult>;
  /** A refund's state at the provider; refunds the provider cannot lose answer `succeeded`. */
  fetchRefund(tx: Database, externalId: string): Promise<'succeeded' | 'pending' | 'failed'>;
}

export type PaymentProviders = {
  /** The provider new checkouts use (PAYMENT_PROVIDER). */
  active: PaymentProvider;
  /** Every provider a stored payment may have used; stripe only when configured. */
  byName: Partial<Record<PaymentProviderName, PaymentProvider>>;
  /** No real money moves: the sandbox, or Stripe with a test key (`sk_test_…`). */
  testPayments: boolean;
};
