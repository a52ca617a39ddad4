import { describe, expect, it } from 'vitest';
import {
  canStart,
  createAllocationPurchaseBodySchema,
  invoiceFigures,
  PURCHASE_STATUSES,
  purchaseLink,
  updateAllocationPurchaseBodySchema,
} from './allocation-purchases';

const purchase = {
  quantity: 10,
  accepted_amount: 6,
  unitPrice: 2500,
  totalPrice: 25000,
  amount_to_pay: 15000,
  is_paid: true,
  badgeCategory: { event: { name: 'Nordic Tech Expo' } },
  admin: { companyName: 'Acme', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@acme.test' },
};

describe('invoiceFigures', () => {
  it('shows the accepted amount, its total and amount_to_pay, PAID when paid', () => {
    expect(invoiceFigures(purchase)).toEqual({
      eventName: 'Nordic Tech Expo',
      companyName: 'Acme',
      contactName: 'Ada Lovelace',
      email: 'ada@acme.test',
      description: 'Badge Allocation',
      quantity: 6,
      unitPrice: 2500,
      total: 15000,
      totalAmount: 15000,
      status: 'PAID',
    });
  });

  it('falls back to quantity and totalPrice before approval, PENDING when unpaid', () => {
    const figures = invoiceFigures({ ...purchase, accepted_amount: null, amount_to_pay: null, is_paid: false });
    expect(figures.quantity).toBe(10);
    expect(figures.total).toBe(25000);
    expect(figures.totalAmount).toBe(25000);
    expect(figures.status).toBe('PENDING');
  });

  it('keeps a zero amount_to_pay rather than falling back', () => {
    expect(invoiceFigures({ ...purchase, amount_to_pay: 0 }).totalAmount).toBe(0);
  });

  it('shows N/A for a missing event, company, contact or email and the default description', () => {
    const figures = invoiceFigures({ quantity: 1, unitPrice: 100, totalPrice: 100, description: '  ' });
    expect(figures).toMatchObject({
      eventName: 'N/A',
      companyName: 'N/A',
      contactName: 'N/A',
      email: 'N/A',
      description: 'Badge Allocation',
      status: 'PENDING',
    });
    const blank = invoiceFigures({
      ...purchase,
      badgeCategory: { event: null },
      admin: { companyName: ' ', firstName: 'Ada', lastName: null, email: '' },
    });
    expect(blank).toMatchObject({ eventName: 'N/A', companyName: 'N/A', contactName: 'Ada', email: 'N/A' });
    expect(invoiceFigures({ ...purchase, description: 'Extra badges' }).description).toBe('Extra badges');
  });
});

describe('purchase schemas', () => {
  it('ignores a price sent by the client', () => {
    const body = createAllocationPurchaseBodySchema.parse({
      badgeCategoryId: 3,
      quantity: 2,
      unitPrice: 1,
      totalPrice: 2,
    });
    expect(body).toEqual({ badgeCategoryId: 3, quantity: 2 });
  });

  it('refuses zero, fractional and huge quantities', () => {
    for (const quantity of [0, 1.5, 10_001, '3']) {
      expect(createAllocationPurchaseBodySchema.safeParse({ badgeCategoryId: 3, quantity }).success).toBe(false);
    }
  });

  it('needs a comment to reject and an amount to approve', () => {
    expect(updateAllocationPurchaseBodySchema.safeParse({ action: 'reject' }).success).toBe(false);
    expect(updateAllocationPurchaseBodySchema.safeParse({ action: 'reject', comment: ' ' }).success).toBe(false);
    expect(updateAllocationPurchaseBodySchema.safeParse({ action: 'approve' }).success).toBe(false);
    expect(updateAllocationPurchaseBodySchema.safeParse({ action: 'approve', accepted_amount: 2 }).success).toBe(true);
    expect(updateAllocationPurchaseBodySchema.safeParse({ action: 'pay' }).success).toBe(false);
  });

  it('builds the link to a purchase without doubled slashes', () => {
    expect(purchaseLink('https://portal.test/', 7)).toBe('https://portal.test/allocation-purchases?purchase=7');
  });
});

describe('canStart', () => {
  it('allows each action only from its source statuses', () => {
    const allowed = (action: Parameters<typeof canStart>[0]) => PURCHASE_STATUSES.filter((s) => canStart(action, s));
    expect(allowed('approve')).toEqual(['requested']);
    expect(allowed('reject')).toEqual(['requested']);
    expect(allowed('cancel')).toEqual(['requested', 'approved']);
    expect(allowed('pay')).toEqual(['approved']);
    expect(allowed('refund')).toEqual(['paid', 'partially_refunded']);
  });
});
