import { describe, expect, it } from 'vitest';
import type { PurchaseRow } from '../allocation-purchases/allocation-purchases.repository';
import { requestReceivedEmails } from '../allocation-purchases/purchase-emails';
import { invoiceDocument, invoiceSnapshot, renderDocument, type InvoicingTerms } from './documents';
import type { InvoiceRow } from './invoices.repository';

const purchase = {
  id: 12,
  eventId: 3,
  eventName: 'Nordic Tech Expo',
  accountingEmail: null,
  badgeCategoryId: 4,
  categoryName: 'staff',
  categoryDisplayName: 'Exhibitor staff',
  requestedByAdminId: 9,
  requesterFirstName: 'Ada',
  requesterLastName: 'Lovelace',
  requesterEmail: 'ada@acme.example',
  requesterIsSubAccount: false,
  companyName: 'Acme <script>alert(1)</script> & Co',
  companyAddress: null,
  companyVatNumber: 'NO 123',
  companyCountry: null,
  exhibitorId: 9,
  status: 'approved',
  quantity: 5,
  acceptedAmount: 3,
  unitPriceCents: 123450,
  totalPriceCents: 5 * 123450,
  amountToPayCents: 3 * 123450,
  refundedCents: 0,
  placesRemoved: 0,
  currency: 'USD',
  buyerVatId: null,
  buyerReference: null,
  billingStreet: null,
  billingPostcode: null,
  billingCity: null,
  vatCategory: 'O',
  vatRateBasisPoints: 0,
  vatListedRateBasisPoints: 0,
  pricesIncludeTax: false,
  vatExemptionReason: null,
  netAmountCents: null,
  taxAmountCents: null,
  isPaid: false,
  comment: 'Need <b>more</b>',
  decisionComment: null,
  invoiceNumber: 'INV-2026-000007',
  paymentProvider: null,
  paymentReference: null,
  requestedAt: new Date('2026-05-01T10:00:00Z'),
  approvedAt: null,
  rejectedAt: null,
  paidAt: null,
  cancelledAt: null,
} satisfies PurchaseRow;

const issuer = {
  name: 'Rīgas Izstādes SIA',
  address: 'Ķīpsalas iela 8, Rīga',
  street: null,
  postcode: null,
  city: null,
  country: 'LV',
  vatId: 'LV40003521600',
  registrationNumber: '40003521600',
  iban: 'LV80BANK0000435195001',
  bic: 'HABALV22',
  contactName: null,
  email: 'billing@expo.example',
  phone: null,
};
const terms: InvoicingTerms = {
  issuer,
  footer: 'Thank you for exhibiting.',
  paymentTermsDays: 30,
  supplyPeriod: { start: '2026-06-10', end: '2026-06-12' },
  invoicePrefix: 'INV',
  creditNotePrefix: 'CN',
  logoFileId: 'f0c4a8e2-logo',
};
const ISSUED = new Date('2026-05-02T08:00:00.000Z');

describe('invoice snapshot', () => {
  it('freezes the accepted places, their total, the bill-to, the issuer, its logo and the dates as issued', () => {
    expect(invoiceSnapshot(purchase, 'Net 30', terms, ISSUED)).toEqual({
      eventName: 'Nordic Tech Expo',
      billTo: {
        companyName: purchase.companyName,
        contactName: 'Ada Lovelace',
        email: 'ada@acme.example',
        address: null,
        street: null,
        postcode: null,
        city: null,
        vatNumber: 'NO 123',
        country: null,
      },
      lines: [{ description: 'Badge Allocation: Exhibitor staff', quantity: 3, unitPrice: 123450, total: 370350, vatCategory: 'O', vatRate: 0 }],
      currency: 'USD',
      totalAmount: 370350,
      tax: {
        pricesIncludeTax: false,
        reverseCharge: false,
        breakdown: [{ category: 'O', rate: 0, net: 370350, tax: 0, exemptionReason: 'Not subject to VAT' }],
        net: 370350,
        tax: 0,
      },
      notes: 'Net 30',
      issuer,
      footer: 'Thank you for exhibiting.',
      buyerReference: null,
      dueDate: '2026-06-01',
      supplyPeriod: { start: '2026-06-10', end: '2026-06-12' },
      logoFileId: 'f0c4a8e2-logo',
    });
  });

  it('reads a snapshot from before the address parts, the contact and the reference as having none', () => {
    const { street: _s, postcode: _p, city: _c, contactName: _n, ...olderIssuer } = issuer;
    const snapshot = invoiceSnapshot(purchase, null, terms, ISSUED);
    const { buyerReference: _r, ...older } = { ...snapshot, issuer: olderIssuer, billTo: { ...snapshot.billTo, street: undefined } };
    const row = { id: 1, eventId: 1, allocationPurchaseId: 9, series: 'INV', sequence: 1, number: 'INV-2026-000001', issuedAt: ISSUED, snapshot: older } as unknown as InvoiceRow;
    const document = invoiceDocument(row, { isPaid: false, paidAt: null, paymentReference: null }, null);
    expect(document.issuer).toEqual({ ...olderIssuer, street: null, postcode: null, city: null, contactName: null });
    expect(document.billTo.street).toBeNull();
    expect(document.buyerReference).toBeNull();
    expect(renderDocument(document).text).toContain('Issuer address: Ķīpsalas iela 8, Rīga, LV');
  });

  it('freezes the buyer reference and the billing address given with the request', () => {
    const given = { ...purchase, buyerReference: '991-01234-56', billingStreet: 'Karl Johans gate 1', billingPostcode: '0154', billingCity: 'Oslo' };
    const snapshot = invoiceSnapshot(given, null, terms, ISSUED);
    expect(snapshot.buyerReference).toBe('991-01234-56');
    expect(snapshot.billTo).toMatchObject({ street: 'Karl Johans gate 1', postcode: '0154', city: 'Oslo' });
  });
});

describe('renderDocument', () => {
  const document = {
    kind: 'invoice' as const,
    id: 1,
    number: 'INV-2026-000007',
    allocationPurchaseId: 12,
    eventId: 3,
    ...invoiceSnapshot(purchase, null, terms, ISSUED),
    issuedAt: ISSUED.toISOString(),
    paidAt: null,
    paymentReference: null,
    status: 'PENDING' as const,
    creditedInvoiceNumber: null,
    cancelledByCreditNoteNumber: null,
    replacedByInvoiceNumber: null,
  };

  it('writes the spec’s content with dollar amounts and N/A for what is missing', () => {
    const { subject, text } = renderDocument(document);
    expect(subject).toBe('Invoice INV-2026-000007 — Nordic Tech Expo');
    expect(text).toContain('Invoice ID: INV-2026-000007');
    expect(text).toContain('Date: 2026-05-02');
    expect(text).toContain('Address: N/A');
    expect(text).toContain('Badge Allocation: Exhibitor staff — 3 × $1,234.50 = $3,703.50');
    expect(text).toContain('Total amount: $3,703.50');
    expect(text).toContain('Status: PENDING');
  });

  it('names the issuer, the supply and due dates, and the footer', () => {
    const { text } = renderDocument(document);
    expect(text).toContain('Issued by: Rīgas Izstādes SIA');
    expect(text).toContain('Issuer address: Ķīpsalas iela 8, Rīga, LV');
    expect(text).toContain('Issuer VAT ID: LV40003521600');
    expect(text).toContain('IBAN: LV80BANK0000435195001');
    expect(text).not.toContain('Issuer contact: billing@expo.example,');
    expect(text).toContain('Supply date: 2026-06-10 to 2026-06-12');
    expect(text).toContain('Due date: 2026-06-01');
    expect(text).toMatch(/Thank you for exhibiting\.$/);
    const paid = renderDocument({ ...document, status: 'PAID', paidAt: '2026-05-20T10:00:00.000Z' }).text;
    expect(paid).toContain('Paid on: 2026-05-20');
    expect(paid).not.toContain('Due date');
  });

  it('escapes what people typed in the HTML', () => {
    const { html } = renderDocument(document);
    expect(html).not.toContain('<script>');
    expect(html).toContain('Acme &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co');
    const [email] = requestReceivedEmails(purchase, ['organiser@example.com'], 'https://portal.test');
    expect(email!.htmlBody).not.toContain('<b>more</b>');
    expect(email!.htmlBody).toContain('https://portal.test/allocation-purchases?purchase=12');
    expect(email!.textBody).toContain('for $6,172.50');
  });

  it.each([
    ['EUR', 7100, '3 × €71.00 = €213.00', 'Total amount: €213.00', 'for €355.00'],
    ['JPY', 4500, '3 × ¥4,500 = ¥13,500', 'Total amount: ¥13,500', 'for ¥22,500'],
    ['KWD', 45125, '3 × KWD 45.125 = KWD 135.375', 'Total amount: KWD 135.375', 'for KWD 225.625'],
  ])('writes %s amounts in the document and the emails with the currency’s own decimals', (currency, unit, line, total, request) => {
    const priced = { ...purchase, currency, unitPriceCents: unit, totalPriceCents: 5 * unit, amountToPayCents: 3 * unit };
    const { text, html } = renderDocument({ ...document, ...invoiceSnapshot(priced, null, terms, ISSUED) });
    expect(text).toContain(`Badge Allocation: Exhibitor staff — ${line}`);
    expect(text).toContain(total);
    expect(html).toContain(`<strong>${total}</strong>`);
    const [email] = requestReceivedEmails(priced, ['organiser@example.com'], 'https://portal.test');
    expect(email!.textBody).toContain(request);
  });
});
