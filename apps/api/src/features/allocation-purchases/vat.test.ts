import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AllocationPurchase, BillingDocument, PurchaseQuote } from '@portal/shared/allocation-purchases';
import { REVERSE_CHARGE_WORDING } from '@portal/shared/vat';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allocationPurchases } from '../../db/schema/allocation-purchases';
import { badgeCategories } from '../../db/schema/badges';
import { companies } from '../../db/schema/companies';
import { events } from '../../db/schema/events';
import { pdfText } from '../../test/pdf';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  await t.db.update(events).set({ currency: 'EUR' }).where(eq(events.id, w.eventA));
  await t.db.update(events).set({ currency: 'JPY' }).where(eq(events.id, w.eventB));
  await t.db.update(badgeCategories).set({ unitPriceCents: 7100 }).where(eq(badgeCategories.id, w.categoryA));
  await t.db.update(badgeCategories).set({ unitPriceCents: 4500 }).where(eq(badgeCategories.id, w.categoryB));
});
afterAll(() => t.close());

const GERMAN_ISSUER = {
  name: 'Messe Beispiel GmbH',
  address: 'Messeplatz 1, 60327 Frankfurt am Main',
  country: 'DE',
  vatId: 'DE136695976',
};
const LATVIAN_BUYER = 'LV40003521600';

type Terms = { defaultVatRate: number | null; pricesIncludeTax?: boolean; vatExemptionText?: string; country?: string };

async function invoicing(as: TestUser, eventId: number, terms: Terms) {
  const res = await t.request(as, {
    method: 'PUT',
    url: `/api/events/${eventId}/invoicing`,
    payload: {
      issuer: { ...GERMAN_ISSUER, country: terms.country ?? GERMAN_ISSUER.country },
      paymentTermsDays: 14,
      invoicePrefix: 'INV',
      creditNotePrefix: 'CN',
      defaultVatRate: terms.defaultVatRate,
      pricesIncludeTax: terms.pricesIncludeTax ?? false,
      vatExemptionText: terms.vatExemptionText ?? '',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}
const eventA = (terms: Terms) => invoicing(w.eventAdminA, w.eventA, terms);

const ask = (as: TestUser, url: string, payload: object) => t.request(as, { method: 'POST', url, payload });
const quote = (payload: object, as: TestUser = w.exhibitorA) => ask(as, '/api/admin/allocation-purchases/quote', payload);

/** Requests `places` as exhibitor A (with `vatId`), approves all of them, answers the purchase and its invoice. */
async function invoiced(places: number, vatId?: string, as = w.exhibitorA, organiser = w.eventAdminA, categoryId = w.categoryA) {
  const created = await ask(as, '/api/admin/allocation-purchases', { badgeCategoryId: categoryId, quantity: places, vatId });
  expect(created.statusCode, created.body).toBe(201);
  const id: number = created.json().data.id;
  const approved = await t.request(organiser, {
    method: 'PUT',
    url: `/api/admin/allocation-purchases/${id}`,
    payload: { action: 'approve', accepted_amount: places },
  });
  expect(approved.statusCode, approved.body).toBe(200);
  const purchase: AllocationPurchase = approved.json().data;
  const invoice: BillingDocument = (
    await t.request(as, { method: 'GET', url: `/api/admin/allocation-purchases/${id}/invoice` })
  ).json().data;
  return { purchase, invoice };
}

async function pdfOf(as: TestUser, purchaseId: number) {
  const res = await t.request(as, { method: 'GET', url: `/api/admin/allocation-purchases/${purchaseId}/invoice.pdf` });
  expect(res.statusCode).toBe(200);
  return (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
}

describe('VAT on a purchase', () => {
  beforeEach(() => eventA({ defaultVatRate: 19 }));

  it('adds the event’s rate to net prices for a domestic buyer, and the invoice shows net, VAT and gross', async () => {
    const asked: PurchaseQuote = (await quote({ badgeCategoryId: w.categoryA, quantity: 3, vatId: 'de 136 695 976' })).json().data;
    expect(asked).toEqual({
      category: 'S',
      rate: 19,
      reverseCharge: false,
      pricesIncludeTax: false,
      exemptionReason: null,
      net: 21300,
      tax: 4047,
      gross: 25347,
      currency: 'EUR',
    });
    const { purchase, invoice } = await invoiced(3, 'DE136695976');
    expect(purchase).toMatchObject({ amount_to_pay: 25347, buyerVatId: 'DE136695976', tax: { category: 'S', rate: 19, net: 21300, tax: 4047 } });
    expect(invoice.lines).toEqual([
      { description: 'Badge Allocation: Exhibitor staff', quantity: 3, unitPrice: 7100, total: 21300, vatCategory: 'S', vatRate: 19 },
    ]);
    expect(invoice.tax).toEqual({
      pricesIncludeTax: false,
      reverseCharge: false,
      breakdown: [{ category: 'S', rate: 19, net: 21300, tax: 4047, exemptionReason: null }],
      net: 21300,
      tax: 4047,
    });
    expect(invoice.totalAmount).toBe(25347);
    expect(invoice.billTo).toMatchObject({ vatNumber: 'DE136695976', country: 'DE' });
    const register = await t.request(w.eventAdminA, { method: 'GET', url: `/api/admin/events/${w.eventA}/invoices.csv` });
    const [header, ...rows] = register.body.replace(/^\uFEFF/, '').trim().split('\r\n').map((row) => row.split(','));
    const row = rows.find((cells) => cells[header!.indexOf('Number')] === invoice.number)!;
    const cell = (name: string) => row[header!.indexOf(name)];
    expect([cell('VAT treatment'), cell('VAT rate'), cell('Net amount'), cell('VAT amount'), cell('Amount')]).toEqual([
      'Standard rate',
      '19',
      '213.00',
      '40.47',
      '253.47',
    ]);
    const text = await pdfOf(w.exhibitorA, purchase.id);
    for (const expected of ['VAT 19 % on €213.00 €40.47', 'Total net €213.00', 'Total VAT €40.47', 'Total amount €253.47']) {
      expect(text).toContain(expected);
    }
  });

  it('charges a business in another member state no VAT, with the reverse-charge wording on the invoice', async () => {
    expect((await quote({ badgeCategoryId: w.categoryA, quantity: 2, vatId: LATVIAN_BUYER })).json().data).toMatchObject({
      category: 'AE',
      rate: 0,
      reverseCharge: true,
      exemptionReason: REVERSE_CHARGE_WORDING,
      net: 14200,
      tax: 0,
      gross: 14200,
    });
    const { purchase, invoice } = await invoiced(2, LATVIAN_BUYER);
    expect(purchase.amount_to_pay).toBe(14200);
    expect(invoice.tax).toMatchObject({ reverseCharge: true, breakdown: [{ category: 'AE', rate: 0, net: 14200, tax: 0 }] });
    expect(invoice.billTo).toMatchObject({ vatNumber: LATVIAN_BUYER, country: 'LV' });
    const text = await pdfOf(w.exhibitorA, purchase.id);
    expect(text).toContain('Reverse charge on €142.00 €0.00');
    expect(text).toContain(REVERSE_CHARGE_WORDING);
  });

  it('charges VAT where the buyer gives no VAT ID, or the issuer is outside the EU', async () => {
    expect((await quote({ badgeCategoryId: w.categoryA, quantity: 1 })).json().data).toMatchObject({ category: 'S', gross: 8449 });
    // Not sent: the company's VAT number on file counts; sent empty: none.
    await t.db.update(companies).set({ vatNumber: 'LV 4000 3521 600' }).where(eq(companies.id, w.companyA));
    try {
      expect((await quote({ badgeCategoryId: w.categoryA, quantity: 1 })).json().data).toMatchObject({ category: 'AE', gross: 7100 });
      expect((await quote({ badgeCategoryId: w.categoryA, quantity: 1, vatId: '' })).json().data).toMatchObject({ category: 'S' });
      const { invoice } = await invoiced(1);
      expect(invoice.billTo.vatNumber).toBe(LATVIAN_BUYER);
    } finally {
      await t.db.update(companies).set({ vatNumber: null }).where(eq(companies.id, w.companyA));
    }
    await eventA({ defaultVatRate: 25, country: 'NO' });
    expect((await quote({ badgeCategoryId: w.categoryA, quantity: 1, vatId: LATVIAN_BUYER })).json().data).toMatchObject({
      category: 'S',
      rate: 25,
      tax: 1775,
      gross: 8875,
    });
  });

  it('takes the VAT out of gross prices, and a reverse-charge buyer pays the price without it', async () => {
    await eventA({ defaultVatRate: 19, pricesIncludeTax: true });
    await t.db.update(badgeCategories).set({ unitPriceCents: 11900 }).where(eq(badgeCategories.id, w.categoryA));
    try {
      const domestic = await invoiced(4);
      expect(domestic.purchase.amount_to_pay).toBe(47600);
      expect(domestic.invoice.tax).toMatchObject({ pricesIncludeTax: true, net: 40000, tax: 7600 });
      expect(domestic.invoice.lines[0]).toMatchObject({ quantity: 4, unitPrice: 10000, total: 40000 });
      const abroad = await invoiced(4, LATVIAN_BUYER);
      expect(abroad.purchase.amount_to_pay).toBe(40000);
      expect(abroad.invoice.tax).toMatchObject({ reverseCharge: true, net: 40000, tax: 0 });
    } finally {
      await t.db.update(badgeCategories).set({ unitPriceCents: 7100 }).where(eq(badgeCategories.id, w.categoryA));
    }
  });

  it('keeps the tax exact to the net when gross prices cannot be split evenly', async () => {
    await eventA({ defaultVatRate: 19, pricesIncludeTax: true });
    const { purchase, invoice } = await invoiced(1);
    // €71.00 gross: €59.66 net and €11.34 VAT (59.66 × 19 % = 11.3354).
    expect(invoice.tax).toMatchObject({ net: 5966, tax: 1134 });
    expect(purchase.amount_to_pay).toBe(7100);
    expect(invoice.lines[0]).toMatchObject({ quantity: 1, unitPrice: 5966, total: 5966 });
  });

  it('uses a category’s own rate over the event’s, and an exemption text for 0 %', async () => {
    await t.request(w.eventAdminA, { method: 'PUT', url: `/api/admin/badge-categories/${w.categoryA}`, payload: { vatRate: 7 } });
    try {
      expect((await quote({ badgeCategoryId: w.categoryA, quantity: 1 })).json().data).toMatchObject({ category: 'S', rate: 7, tax: 497 });
      await eventA({ defaultVatRate: 19, vatExemptionText: 'Steuerfrei nach § 4 Nr. 22 UStG' });
      const zero = await t.request(w.eventAdminA, { method: 'PUT', url: `/api/admin/badge-categories/${w.categoryA}`, payload: { vatRate: 0 } });
      expect(zero.json().data.vatRate).toBe(0);
      const { invoice } = await invoiced(1);
      expect(invoice.tax.breakdown).toEqual([
        { category: 'E', rate: 0, net: 7100, tax: 0, exemptionReason: 'Steuerfrei nach § 4 Nr. 22 UStG' },
      ]);
      expect(await pdfOf(w.exhibitorA, invoice.allocationPurchaseId)).toContain('Steuerfrei nach § 4 Nr. 22 UStG');
    } finally {
      await t.request(w.eventAdminA, { method: 'PUT', url: `/api/admin/badge-categories/${w.categoryA}`, payload: { vatRate: null } });
    }
  });

  it('freezes the treatment with the request: a later change of rate does not touch it', async () => {
    const created = (await ask(w.exhibitorA, '/api/admin/allocation-purchases', { badgeCategoryId: w.categoryA, quantity: 1 })).json().data;
    await eventA({ defaultVatRate: 21 });
    const approved = await t.request(w.eventAdminA, {
      method: 'PUT',
      url: `/api/admin/allocation-purchases/${created.id}`,
      payload: { action: 'approve', accepted_amount: 1 },
    });
    expect(approved.json().data).toMatchObject({ amount_to_pay: 8449, tax: { rate: 19, tax: 1349 } });
  });

  it('splits refunds and corrected invoices into net and VAT that add up to what was invoiced', async () => {
    const { purchase } = await invoiced(3);
    const token = (await ask(w.exhibitorA, `/api/admin/allocation-purchases/${purchase.id}/payment-token`, {})).json().data;
    const paid = await t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${token.url.split('/').pop()}`, payload: { outcome: 'success' } });
    expect(paid.statusCode).toBe(200);
    const refund = await ask(w.eventAdminA, `/api/admin/allocation-purchases/${purchase.id}/refunds`, { amount: 10000, reason: 'One place' });
    expect(refund.statusCode, refund.body).toBe(200);
    const reissued = await ask(w.eventAdminA, `/api/admin/allocation-purchases/${purchase.id}/reissue-invoice`, {});
    expect(reissued.statusCode, reissued.body).toBe(200);
    const notes = reissued.json().data.creditNotes as { id: number }[];
    const documents = await Promise.all(
      notes.map(async (note) =>
        (await t.request(w.exhibitorA, { method: 'GET', url: `/api/admin/credit-notes/${note.id}` })).json()
          .data as BillingDocument,
      ),
    );
    const [refundNote, cancelling] = documents;
    expect(refundNote!.tax).toMatchObject({ net: 8403, tax: 1597 });
    expect(refundNote!.totalAmount).toBe(10000);
    // The cancelling note takes exactly what the refund left of the invoice: 213.00 + 40.47 less the refund.
    expect(cancelling!.tax).toMatchObject({ net: 21300 - 8403, tax: 4047 - 1597 });
    const corrected: BillingDocument = (
      await t.request(w.exhibitorA, { method: 'GET', url: `/api/admin/allocation-purchases/${purchase.id}/invoice` })
    ).json().data;
    expect(corrected.totalAmount).toBe(25347 - 10000);
    expect(corrected.tax.net + corrected.tax.tax).toBe(corrected.totalAmount);
    expect(corrected.tax.breakdown[0]).toMatchObject({ category: 'S', rate: 19 });
  });
});

describe('VAT in a zero-decimal currency', () => {
  it('charges 10 % on yen prices in whole yen', async () => {
    await invoicing(w.eventAdminB, w.eventB, { defaultVatRate: 10, country: 'DE' });
    const { purchase, invoice } = await invoiced(3, undefined, w.exhibitorB, w.eventAdminB, w.categoryB);
    expect(purchase.amount_to_pay).toBe(14850);
    expect(invoice.tax).toMatchObject({ net: 13500, tax: 1350 });
    const text = await pdfOf(w.exhibitorB, purchase.id);
    expect(text).toContain('VAT 10 % on ¥13,500 ¥1,350');
    expect(text).toContain('Total amount ¥14,850');
  });
});

describe('asking what a request costs', () => {
  beforeEach(() => eventA({ defaultVatRate: 19 }));

  it('refuses a VAT ID of the wrong format at its field, and writes nothing', async () => {
    const before = await t.db.$count(allocationPurchases);
    for (const post of [quote, (payload: object) => ask(w.exhibitorA, '/api/admin/allocation-purchases', payload)]) {
      const res = await post({ badgeCategoryId: w.categoryA, quantity: 1, vatId: 'DE12345' });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([expect.objectContaining({ field: 'vatId' })]);
    }
    expect(await t.db.$count(allocationPurchases)).toBe(before);
  });

  it('is refused to organisers, to another event’s exhibitor and without a session', async () => {
    expect((await quote({ badgeCategoryId: w.categoryA, quantity: 1 }, w.eventAdminA)).statusCode).toBe(403);
    const other = await quote({ badgeCategoryId: w.categoryA, quantity: 1 }, w.exhibitorB);
    expect(other.statusCode).toBe(400);
    expect(other.json().details).toEqual([expect.objectContaining({ field: 'badgeCategoryId' })]);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/allocation-purchases/quote', payload: {} })).statusCode).toBe(401);
    expect((await quote({ badgeCategoryId: w.categoryA, quantity: 1 }, w.noRole)).statusCode).toBe(403);
  });

  it('refuses a default rate without the issuer’s country, which decides the reverse charge', async () => {
    const res = await t.request(w.eventAdminA, {
      method: 'PUT',
      url: `/api/events/${w.eventA}/invoicing`,
      payload: { issuer: { name: 'X' }, paymentTermsDays: 14, invoicePrefix: 'INV', creditNotePrefix: 'CN', defaultVatRate: 19 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([expect.objectContaining({ field: 'issuer.country' })]);
    const rate = await t.request(w.eventAdminA, {
      method: 'PUT',
      url: `/api/events/${w.eventA}/invoicing`,
      payload: { issuer: { country: 'DE' }, paymentTermsDays: 14, invoicePrefix: 'INV', creditNotePrefix: 'CN', defaultVatRate: 19.555 },
    });
    expect(rate.json().details).toEqual([expect.objectContaining({ field: 'defaultVatRate', message: 'At most two decimals' })]);
  });
});

describe('the VAT registry check', () => {
  let registry: Server;
  let v: TestApp;
  let vw: World;
  const answers = new Map<string, number | boolean>();
  beforeAll(async () => {
    registry = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const { countryCode, vatNumber } = JSON.parse(body) as { countryCode: string; vatNumber: string };
        const answer = answers.get(countryCode + vatNumber) ?? 503;
        if (typeof answer === 'number') res.writeHead(answer).end();
        else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ valid: answer }));
      });
    });
    await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(registry.address() as AddressInfo).port}/check-vat-number`;
    v = await createTestApp({ VAT_REGISTRY: 'vies', VIES_URL: url });
    vw = await createWorld(v);
    await v.request(vw.eventAdminA, {
      method: 'PUT',
      url: `/api/events/${vw.eventA}/invoicing`,
      payload: { issuer: GERMAN_ISSUER, paymentTermsDays: 14, invoicePrefix: 'INV', creditNotePrefix: 'CN', defaultVatRate: 19 },
    });
  });
  afterAll(async () => {
    await v.close();
    await new Promise((resolve) => registry.close(resolve));
  });

  const request = (vatId: string) =>
    v.request(vw.exhibitorA, { method: 'POST', url: '/api/admin/allocation-purchases/quote', payload: { badgeCategoryId: vw.categoryA, quantity: 1, vatId } });

  it('takes the reverse charge only for an ID the registry confirms', async () => {
    answers.set(LATVIAN_BUYER, true);
    expect((await request(LATVIAN_BUYER)).json().data).toMatchObject({ category: 'AE' });
    answers.set(LATVIAN_BUYER, false);
    const unknown = await request(LATVIAN_BUYER);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([{ field: 'vatId', message: 'The EU VAT registry (VIES) does not know this VAT ID' }]);
    answers.set(LATVIAN_BUYER, 500);
    const away = await request(LATVIAN_BUYER);
    expect(away.statusCode).toBe(422);
    expect(away.json().details).toEqual([expect.objectContaining({ field: 'vatId' })]);
  });
});
