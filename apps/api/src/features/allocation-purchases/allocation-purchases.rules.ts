import {
  canStart,
  PURCHASE_ACTION_SOURCES,
  PURCHASE_STATUS_LABELS,
  type PublicPaymentStatus,
  type PurchaseAction,
  type PurchaseStatus,
} from '@portal/shared/allocation-purchases';
import { formatInvoiceAmount } from '@portal/shared/money';
import type { PAYMENT_ATTEMPT_STATES } from '../../db/schema/payments';
import { BusinessRuleError, ConflictError } from '../../lib/errors';

type PaymentAttemptState = (typeof PAYMENT_ATTEMPT_STATES)[number];

const VERBS: Record<PurchaseAction, string> = {
  approve: 'approved',
  reject: 'rejected',
  cancel: 'cancelled',
  pay: 'paid',
  refund: 'refunded',
};

/**
 * The one place where a purchase's transitions are decided: `action` may start only from the
 * statuses the shared table names; anything else is a 409 saying why. The repository repeats the
 * source statuses in its conditional UPDATE, so a concurrent transition loses there too.
 */
export function assertCanStart(action: PurchaseAction, status: PurchaseStatus): readonly PurchaseStatus[] {
  const sources = PURCHASE_ACTION_SOURCES[action];
  if (!canStart(action, status)) {
    const allowed = sources.map((s) => PURCHASE_STATUS_LABELS[s].toLowerCase()).join(' or ');
    throw new ConflictError(
      `This purchase is ${PURCHASE_STATUS_LABELS[status].toLowerCase()}; it can be ${VERBS[action]} only when ${allowed}`,
    );
  }
  return sources;
}

export function assertAcceptedAmount(acceptedAmount: number, quantity: number): void {
  if (acceptedAmount > quantity) {
    const message = `At most the ${quantity} places asked for can be approved`;
    throw new BusinessRuleError(message, [{ field: 'accepted_amount', message }]);
  }
}

export type RefundState = {
  status: PurchaseStatus;
  currency: string;
  acceptedAmount: number;
  amountToPayCents: number;
  refundedCents: number;
  placesRemoved: number;
};

export type RefundPlan = {
  refundedAfter: number;
  /** Places to take back from the allocation now. */
  places: number;
  status: 'refunded' | 'partially_refunded';
};

/**
 * What a refund of `amount` (minor units) does. The places taken back follow the money returned in total:
 * a full refund takes back every accepted place, a partial one as many whole places as the refunded
 * total pays for (so two half refunds take back what one full refund would), at the price a place was
 * charged, VAT included.
 */
export function planRefund(state: RefundState, amount: number): RefundPlan {
  assertCanStart('refund', state.status);
  const refundable = state.amountToPayCents - state.refundedCents;
  if (amount > refundable) {
    const message = `At most ${formatInvoiceAmount(refundable, state.currency)} of this purchase can still be refunded`;
    throw new BusinessRuleError(message, [{ field: 'amount', message }]);
  }
  const refundedAfter = state.refundedCents + amount;
  const full = refundedAfter === state.amountToPayCents;
  const placesAfter = full
    ? state.acceptedAmount
    : state.amountToPayCents > 0
      ? Math.min(state.acceptedAmount, Math.floor((refundedAfter * state.acceptedAmount) / state.amountToPayCents))
      : 0;
  return {
    refundedAfter,
    places: Math.max(placesAfter - state.placesRemoved, 0),
    status: full ? 'refunded' : 'partially_refunded',
  };
}

/** The refusal when the allocation has fewer free places than a refund takes back. */
export function placesInUseError(places: number, free: number): BusinessRuleError {
  const mustGo = places - Math.max(free, 0);
  const message = `This refund takes back ${places} place${places === 1 ? '' : 's'} but only ${Math.max(free, 0)} ${
    free === 1 ? 'is' : 'are'
  } unused: ${mustGo} badge${mustGo === 1 ? '' : 's'} must be cancelled first`;
  return new BusinessRuleError(message, [{ field: 'amount', message }]);
}

/**
 * What the public status page may say: paid, pending, failed or cancelled, and nothing more. An
 * approved purchase whose latest checkout was abandoned (expired) is a payment not completed, which
 * the payer may start again, not one still pending.
 */
export function publicPaymentStatus(
  status: PurchaseStatus,
  latestAttempt: PaymentAttemptState | null,
): PublicPaymentStatus {
  switch (status) {
    case 'paid':
    case 'partially_refunded':
      return 'paid';
    case 'rejected':
    case 'cancelled':
    case 'refunded':
      return 'cancelled';
    case 'approved':
      if (latestAttempt === 'failed') return 'failed';
      return latestAttempt === 'expired' ? 'cancelled' : 'pending';
    case 'requested':
      return 'pending';
  }
}
