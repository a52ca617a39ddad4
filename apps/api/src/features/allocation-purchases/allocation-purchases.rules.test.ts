import { PURCHASE_STATUSES, type PurchaseAction } from '@portal/shared/allocation-purchases';
import { describe, expect, it } from 'vitest';
import { BusinessRuleError, ConflictError } from '../../lib/errors';
import {
  assertAcceptedAmount,
  assertCanStart,
  placesInUseError,
  planRefund,
  publicPaymentStatus,
} from './allocation-purchases.rules';

const paid = {
  status: 'paid' as const,
  currency: 'USD',
  acceptedAmount: 4,
  amountToPayCents: 10000,
  refundedCents: 0,
  placesRemoved: 0,
};

describe('purchase transitions', () => {
  it.each<[PurchaseAction, string[]]>([
    ['approve', ['requested']],
    ['reject', ['requested']],
    ['cancel', ['requested', 'approved']],
    ['pay', ['approved']],
    ['refund', ['paid', 'partially_refunded']],
  ])('%s starts only from %j and refuses every other status with 409', (action, allowed) => {
    for (const status of PURCHASE_STATUSES) {
      if (allowed.includes(status)) {
        expect(() => assertCanStart(action, status)).not.toThrow();
      } else {
        expect(() => assertCanStart(action, status)).toThrow(ConflictError);
      }
    }
  });

  it('says which status the purchase is in and which it needs', () => {
    expect(() => assertCanStart('pay', 'rejected')).toThrow(
      'This purchase is rejected; it can be paid only when approved',
    );
    expect(() => assertCanStart('approve', 'approved')).toThrow(
      'This purchase is approved; it can be approved only when requested',
    );
  });

  it('refuses approving more places than were asked for', () => {
    expect(() => assertAcceptedAmount(5, 4)).toThrow(BusinessRuleError);
    expect(() => assertAcceptedAmount(4, 4)).not.toThrow();
  });
});

describe('planRefund', () => {
  it('takes back every place on a full refund', () => {
    expect(planRefund(paid, 10000)).toEqual({ refundedAfter: 10000, places: 4, status: 'refunded' });
  });

  it('takes back the whole places the refunded total pays for', () => {
    expect(planRefund(paid, 1000)).toEqual({ refundedAfter: 1000, places: 0, status: 'partially_refunded' });
    expect(planRefund(paid, 5000)).toEqual({ refundedAfter: 5000, places: 2, status: 'partially_refunded' });
    const after = { ...paid, status: 'partially_refunded' as const, refundedCents: 3000, placesRemoved: 1 };
    expect(planRefund(after, 2000)).toEqual({ refundedAfter: 5000, places: 1, status: 'partially_refunded' });
    expect(planRefund(after, 7000)).toEqual({ refundedAfter: 10000, places: 3, status: 'refunded' });
  });

  it('refuses refunding more than was paid and not yet refunded', () => {
    expect(() => planRefund(paid, 10001)).toThrow('At most $100.00 of this purchase can still be refunded');
    expect(() => planRefund({ ...paid, status: 'partially_refunded', refundedCents: 9000 }, 2000)).toThrow(
      'At most $10.00',
    );
  });

  it('refuses refunding a purchase that is not paid', () => {
    expect(() => planRefund({ ...paid, status: 'approved' }, 100)).toThrow(ConflictError);
    expect(() => planRefund({ ...paid, status: 'refunded', refundedCents: 10000 }, 1)).toThrow(ConflictError);
  });

  it('says how many badges must go first when places are in use', () => {
    expect(placesInUseError(4, 1).message).toBe(
      'This refund takes back 4 places but only 1 is unused: 3 badges must be cancelled first',
    );
    expect(placesInUseError(1, 0).message).toBe(
      'This refund takes back 1 place but only 0 are unused: 1 badge must be cancelled first',
    );
  });
});

describe('publicPaymentStatus', () => {
  it('answers only paid, pending, failed or cancelled', () => {
    expect(publicPaymentStatus('paid', 'succeeded')).toBe('paid');
    expect(publicPaymentStatus('partially_refunded', null)).toBe('paid');
    expect(publicPaymentStatus('approved', null)).toBe('pending');
    expect(publicPaymentStatus('approved', 'open')).toBe('pending');
    expect(publicPaymentStatus('approved', 'failed')).toBe('failed');
    expect(publicPaymentStatus('requested', null)).toBe('pending');
    for (const status of ['rejected', 'cancelled', 'refunded'] as const)
      expect(publicPaymentStatus(status, null)).toBe('cancelled');
  });

  it('calls an approved purchase whose latest checkout was abandoned cancelled, which offers a retry', () => {
    expect(publicPaymentStatus('approved', 'expired')).toBe('cancelled');
  });
});
