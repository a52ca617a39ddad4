import { untaxed } from '@portal/shared/vat';
import type { AllocationPurchase, BillingDocument } from '@portal/shared/allocation-purchases';

/** A purchase as the API answers it: Aurora Robotics asked for 10 Booth staff places at $25.00. */
export function purchaseOf(overrides: Partial<AllocationPurchase> = {}): AllocationPurchase {
  return {
    id: 42,
    status: 'requested',
    invoice_id: null,
    purchasedAt: '2027-02-01T09:30:00.000Z',
    quantity: 10,
    accepted_amount: null,
    unitPrice: 2500,
    totalPrice: 25000,
    amount_to_pay: null,
    buyerVatId: null,
    tax: { category: 'O', rate: 0, reverseCharge: false, pricesIncludeTax: false, exemptionReason: 'Not subject to VAT', net: null, tax: null },
    refunded_amount: 0,
    currency: 'USD',
    is_paid: false,
    comment: null,
    decision_comment: null,
    approvedAt: null,
    rejectedAt: null,
    paidAt: null,
    cancelledAt: null,
    paymentProvider: null,
    paymentReference: null,
    badgeCategory: { id: 4, name: 'Booth staff', display_name: null, event: { id: 1, name: 'Nordic Tech Expo 2027' } },
    admin: {
      id: 4,
      companyName: 'Aurora Robotics AS',
      firstName: 'Ada',
      lastName: 'Lind',
      email: 'exhibitor@aurora-robotics.example',
    },
    exhibitorId: 4,
    invoice: null,
    creditNotes: [],
    ...overrides,
  };
}

export function invoiceOf(overrides: Partial<BillingDocument> = {}): BillingDocument {
  return {
    kind: 'invoice',
    id: 7,
    number: 'INV-2027-000007',
    allocationPurchaseId: 42,
    eventId: 1,
    eventName: 'Nordic Tech Expo 2027',
    issuedAt: '2027-02-02T10:00:00.000Z',
    billTo: {
      companyName: 'Aurora Robotics AS',
      contactName: 'Ada Lind',
      email: 'exhibitor@aurora-robotics.example',
      address: null,
      vatNumber: null,
      country: null,
    },
    lines: [{ description: 'Badge Allocation', quantity: 8, unitPrice: 2500, total: 20000, vatCategory: 'O', vatRate: 0 }],
    currency: 'USD',
    totalAmount: 20000,
    tax: untaxed(20000),
    status: 'PENDING',
    notes: null,
    creditedInvoiceNumber: null,
    cancelledByCreditNoteNumber: null,
    replacedByInvoiceNumber: null,
    issuer: null,
    footer: null,
    dueDate: '2027-02-16',
    supplyPeriod: { start: '2027-03-10', end: '2027-03-12' },
    paidAt: null,
    paymentReference: null,
    logoFileId: null,
    ...overrides,
  };
}
