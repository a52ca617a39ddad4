import type { AllocationPurchase } from '@portal/shared/allocation-purchases';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, startSession, type Session } from '@/lib/session';
import { demo, sessionOf } from '@/testing/sessions';
import { purchaseOf } from '../testing/fixtures';
import { usePurchaseActions } from './purchase-actions';

afterEach(() => clearSession());

function actionsFor(session: Session, purchase: AllocationPurchase): string[] {
  startSession({ admin: session.user, token: 't', refreshToken: 'r' });
  const { result } = renderHook(() => usePurchaseActions());
  return result.current(purchase).map((action) => action.key);
}

const invoice: AllocationPurchase['invoice'] = {
  id: 7,
  number: 'INV-2027-000007',
  issuedAt: '2027-02-02T10:00:00.000Z',
  billTo: { companyName: 'Aurora Robotics AS', contactName: 'Ada Lind', email: null, address: null, street: null, postcode: null, city: null, vatNumber: null, country: null },
  totalAmount: 20000,
  remainingAmount: 20000,
};

// The demo exhibitor's admin id is 1 (sessionOf); its purchases carry exhibitorId 1.
const exhibitor = () =>
  sessionOf({
    ...demo.exhibitor().user,
    permissions: [...demo.exhibitor().user.permissions, 'create_allocation_purchase', 'create_payment'],
  });
const mine = (overrides: Partial<AllocationPurchase>) =>
  purchaseOf({ admin: { ...purchaseOf().admin, id: 1 }, exhibitorId: 1, ...overrides });

describe('usePurchaseActions', () => {
  it('gives the organiser review and cancel on a request', () => {
    expect(actionsFor(demo.eventAdmin(), purchaseOf())).toEqual(['review', 'cancel']);
  });

  it('gives the organiser the invoice, a bank transfer, a reissue and cancel once approved', () => {
    expect(actionsFor(demo.eventAdmin(), purchaseOf({ status: 'approved', invoice }))).toEqual([
      'invoice',
      'record-payment',
      'reissue',
      'cancel',
    ]);
  });

  it('gives the organiser refunds only once paid, and nothing to decide after', () => {
    expect(actionsFor(demo.eventAdmin(), purchaseOf({ status: 'paid', is_paid: true, invoice }))).toEqual([
      'invoice',
      'refund',
      'reissue',
    ]);
    const partlyCredited = { ...invoice, remainingAmount: 7500 };
    expect(actionsFor(demo.eventAdmin(), purchaseOf({ status: 'partially_refunded', invoice: partlyCredited }))).toEqual([
      'invoice',
      'refund',
      'reissue',
    ]);
    // A refund took back the whole invoice: nothing is left to reissue.
    const credited = { ...invoice, remainingAmount: 0 };
    expect(actionsFor(demo.eventAdmin(), purchaseOf({ status: 'refunded', invoice: credited }))).toEqual(['invoice']);
    expect(actionsFor(demo.eventAdmin(), purchaseOf({ status: 'rejected' }))).toEqual([]);
  });

  it('lets the requester pay and withdraw, but never decide, record a transfer or refund', () => {
    expect(actionsFor(exhibitor(), mine({}))).toEqual(['cancel']);
    expect(actionsFor(exhibitor(), mine({ status: 'approved', invoice }))).toEqual(['pay', 'invoice', 'cancel']);
    expect(actionsFor(exhibitor(), mine({ status: 'paid', invoice }))).toEqual(['invoice']);
  });

  it('lets an exhibitor pay its sub-account’s request, but not another company’s', () => {
    const subAccounts = mine({ status: 'approved', admin: { ...purchaseOf().admin, id: 77 } });
    expect(actionsFor(exhibitor(), subAccounts)).toEqual(['pay', 'cancel']);
    expect(actionsFor(exhibitor(), purchaseOf({ status: 'approved', exhibitorId: 99 }))).toEqual([]);
  });

  it('offers no payment to an account without create_payment', () => {
    const session = demo.exhibitor();
    const withoutPayment = {
      ...session,
      user: { ...session.user, permissions: session.user.permissions.filter((p) => p !== 'create_payment') },
    };
    expect(actionsFor(withoutPayment, mine({ status: 'approved' }))).toEqual(['cancel']);
  });
});
