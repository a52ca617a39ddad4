import type { BillingDocument } from '@portal/shared/allocation-purchases';

/** Documents as issued, for the tests of what is drawn and written from them. */

export const issuer = {
  name: 'Messe Nord GmbH',
  address: 'Messeplatz 1, 20357 Hamburg',
  street: null,
  postcode: null,
  city: null,
  country: 'DE',
  vatId: 'DE136695976',
  registrationNumber: 'HRB 12345',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  contactName: null,
  email: 'billing@messe-nord.example',
  phone: '+49 40 1234567',
};

/** A domestic EUR invoice at 19 %: two places at €500 net. */
export const domesticInvoice = (overrides: Partial<BillingDocument> = {}): BillingDocument => ({
  kind: 'invoice',
  id: 1,
  number: 'INV-2026-000042',
  allocationPurchaseId: 7,
  eventId: 1,
  eventName: 'Trade Fair 2026',
  issuedAt: '2026-05-04T10:00:00.000Z',
  billTo: {
    companyName: 'Acme GmbH',
    contactName: 'Ann Lee',
    email: 'ann@acme.example',
    address: 'Hauptstraße 5, 10115 Berlin',
    street: null,
    postcode: null,
    city: null,
    vatNumber: 'DE811569869',
    country: 'DE',
  },
  lines: [
    {
      description: 'Badge Allocation: Exhibitor staff',
      quantity: 2,
      unitPrice: 50000,
      total: 100000,
      vatCategory: 'S',
      vatRate: 19,
    },
  ],
  currency: 'EUR',
  totalAmount: 119000,
  tax: {
    pricesIncludeTax: false,
    reverseCharge: false,
    breakdown: [{ category: 'S', rate: 19, net: 100000, tax: 19000, exemptionReason: null }],
    net: 100000,
    tax: 19000,
  },
  status: 'PENDING',
  notes: null,
  creditedInvoiceNumber: null,
  cancelledByCreditNoteNumber: null,
  replacedByInvoiceNumber: null,
  issuer,
  footer: 'Messe Nord GmbH · Managing director: Jana Berg',
  buyerReference: null,
  dueDate: '2026-05-18',
  supplyPeriod: { start: '2026-09-01', end: '2026-09-03' },
  paidAt: null,
  paymentReference: null,
  logoFileId: null,
  ...overrides,
});

/** One line of a zero-rated kind, with its single breakdown row. */
export const zeroRated = (
  category: 'AE' | 'E' | 'O',
  exemptionReason: string,
  overrides: Partial<BillingDocument> = {},
) =>
  domesticInvoice({
    lines: [{ description: 'Stand', quantity: 1, unitPrice: 100000, total: 100000, vatCategory: category, vatRate: 0 }],
    totalAmount: 100000,
    tax: {
      pricesIncludeTax: false,
      reverseCharge: category === 'AE',
      breakdown: [{ category, rate: 0, net: 100000, tax: 0, exemptionReason }],
      net: 100000,
      tax: 0,
    },
    ...overrides,
  });

/** The issuer with what XRechnung also needs: the address in parts and a named billing contact. */
export const structuredIssuer = {
  ...issuer,
  address: null,
  street: 'Messeplatz 1',
  postcode: '20357',
  city: 'Hamburg',
  contactName: 'Jana Berg',
};

/** The domestic invoice with every XRechnung field: structured addresses, the contact, a Leitweg-ID. */
export const xRechnungInvoice = (overrides: Partial<BillingDocument> = {}): BillingDocument =>
  domesticInvoice({
    issuer: structuredIssuer,
    billTo: { ...domesticInvoice().billTo, address: null, street: 'Hauptstraße 5', postcode: '10115', city: 'Berlin' },
    buyerReference: '991-01234-56',
    ...overrides,
  });
