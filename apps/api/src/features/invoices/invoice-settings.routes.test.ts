import type { AllocationPurchase, BillingDocument } from '@portal/shared/allocation-purchases';
import type { InvoiceSettings } from '@portal/shared/invoicing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeCategories } from '../../db/schema/badges';
import { events } from '../../db/schema/events';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  await t.db.update(badgeCategories).set({ unitPriceCents: 7100 }).where(eq(badgeCategories.id, w.categoryA));
  await t.db.update(events).set({ startDate: '2026-09-08', endDate: '2026-09-10' }).where(eq(events.id, w.eventA));
});
afterAll(() => t.close());

const url = (eventId: number) => `/api/events/${eventId}/invoicing`;
const read = (as: TestUser, eventId: number) => t.request(as, { method: 'GET', url: url(eventId) });
const save = (as: TestUser, eventId: number, payload: object) =>
  t.request(as, { method: 'PUT', url: url(eventId), payload });

const RIGA = {
  issuer: {
    name: 'Rīgas Izstādes SIA',
    address: 'Ķīpsalas iela 8, Rīga',
    street: null,
    postcode: null,
    city: null,
    country: 'lv',
    vatId: 'LV 4000 3521 600',
    registrationNumber: '40003521600',
    iban: 'LV80 BANK 0000 4351 9500 1',
    bic: 'habalv22',
    contactName: null,
    email: 'Billing@Expo.example',
    phone: '',
  },
  footer: 'Paldies! Thank you for exhibiting.',
  paymentTermsDays: 30,
  invoicePrefix: 'riga-expo',
  creditNotePrefix: 'RIGA-EXPO-CN',
};

/** A purchase of `places` approved by the organiser: its invoice is issued then. */
async function approvedPurchase(places: number): Promise<AllocationPurchase> {
  const created = await t.request(w.exhibitorA, {
    method: 'POST',
    url: '/api/admin/allocation-purchases',
    payload: { badgeCategoryId: w.categoryA, quantity: places },
  });
  const approved = await t.request(w.eventAdminA, {
    method: 'PUT',
    url: `/api/admin/allocation-purchases/${created.json().data.id}`,
    payload: { action: 'approve', accepted_amount: places },
  });
  expect(approved.statusCode).toBe(200);
  return approved.json().data;
}

const invoiceOf = async (purchaseId: number): Promise<BillingDocument> =>
  (
    await t.request(w.exhibitorA, { method: 'GET', url: `/api/admin/allocation-purchases/${purchaseId}/invoice` })
  ).json().data;

describe('an event’s invoicing settings', () => {
  it('answer the defaults until saved, then what was saved, in the forms people type them', async () => {
    const defaults: InvoiceSettings = (await read(w.eventAdminA, w.eventA)).json().data;
    expect(defaults).toMatchObject({
      paymentTermsDays: 14,
      invoicePrefix: 'INV',
      creditNotePrefix: 'CN',
      footer: null,
      updatedAt: null,
    });
    expect(Object.values(defaults.issuer).every((value) => value === null)).toBe(true);

    const res = await save(w.eventAdminA, w.eventA, RIGA);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      issuer: {
        name: 'Rīgas Izstādes SIA',
        country: 'LV',
        vatId: 'LV40003521600',
        iban: 'LV80BANK0000435195001',
        bic: 'HABALV22',
        contactName: null,
        email: 'billing@expo.example',
        phone: null,
      },
      paymentTermsDays: 30,
      invoicePrefix: 'RIGA-EXPO',
      creditNotePrefix: 'RIGA-EXPO-CN',
    });
    expect((await read(w.systemAdmin, w.eventA)).json().data).toEqual(res.json().data);
  });

  it.each([
    ['issuer.vatId', { issuer: { ...RIGA.issuer, vatId: 'LV123' } }, 'Not a valid VAT ID'],
    ['issuer.iban', { issuer: { ...RIGA.issuer, iban: 'LV80BANK0000435195002' } }, 'Not a valid IBAN'],
    ['issuer.bic', { issuer: { ...RIGA.issuer, bic: 'HABA' } }, 'Not a valid BIC'],
    ['issuer.country', { issuer: { ...RIGA.issuer, country: 'Latvia' } }, 'two-letter country code'],
    ['paymentTermsDays', { paymentTermsDays: 400 }, 'from 0 to 365'],
    ['paymentTermsDays', { paymentTermsDays: '30' }, 'from 0 to 365'],
    ['invoicePrefix', { invoicePrefix: 'INV--2026' }, 'separated by single'],
    ['invoicePrefix', { invoicePrefix: '' }, 'Required'],
    ['creditNotePrefix', { creditNotePrefix: 'riga-expo' }, 'different prefixes'],
    ['issuer.postcode', { issuer: { ...RIGA.issuer, postcode: 'LV-1048'.repeat(4) } }, 'At most 20 characters'],
    ['issuer.contactName', { issuer: { ...RIGA.issuer, contactName: 'x'.repeat(201) } }, 'At most 200 characters'],
  ])('refuse a bad %s with 400 naming it, and change nothing', async (field, change, message) => {
    const before = (await read(w.eventAdminA, w.eventA)).json().data;
    const res = await save(w.eventAdminA, w.eventA, { ...RIGA, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual(
      expect.arrayContaining([expect.objectContaining({ field, message: expect.stringContaining(message) })]),
    );
    expect((await read(w.eventAdminA, w.eventA)).json().data).toEqual(before);
  });

  it('are the organiser’s alone: others are refused, another event’s organiser finds nothing', async () => {
    for (const as of [w.exhibitorA, w.subAccountA, w.noRole]) {
      expect((await read(as, w.eventA)).statusCode).toBe(403);
      expect((await save(as, w.eventA, RIGA)).statusCode).toBe(403);
    }
    expect((await read(w.eventAdminB, w.eventA)).statusCode).toBe(404);
    expect((await save(w.eventAdminB, w.eventA, RIGA)).statusCode).toBe(404);
    expect((await read(w.eventAdminA, 999_999)).statusCode).toBe(404);
  });

  it('are frozen into each invoice at issue, numbered in the event’s own series', async () => {
    await save(w.eventAdminA, w.eventA, RIGA);
    const first = await approvedPurchase(2);
    const year = new Date().getUTCFullYear();
    expect(first.invoice_id).toBe(`RIGA-EXPO-${year}-000001`);
    const issued = await invoiceOf(first.id);
    const due = new Date(Date.parse(issued.issuedAt) + 30 * 86_400_000).toISOString().slice(0, 10);
    expect(issued).toMatchObject({
      issuer: { name: 'Rīgas Izstādes SIA', vatId: 'LV40003521600', iban: 'LV80BANK0000435195001' },
      footer: 'Paldies! Thank you for exhibiting.',
      supplyPeriod: { start: '2026-09-08', end: '2026-09-10' },
      dueDate: due,
      paidAt: null,
      currency: 'USD',
    });

    // A later change reaches later invoices only.
    await save(w.eventAdminA, w.eventA, {
      ...RIGA,
      issuer: { ...RIGA.issuer, name: 'Riga Expo Ltd' },
      invoicePrefix: 'RX',
    });
    const second = await approvedPurchase(1);
    expect(second.invoice_id).toBe(`RX-${year}-000001`);
    expect((await invoiceOf(second.id)).issuer?.name).toBe('Riga Expo Ltd');
    expect((await invoiceOf(first.id)).issuer?.name).toBe('Rīgas Izstādes SIA');
  });

  it('keep the address in parts and the billing contact, frozen with each invoice beside the older one-line address', async () => {
    const structured = {
      ...RIGA,
      issuer: { ...RIGA.issuer, address: null, street: ' Ķīpsalas iela 8 ', postcode: 'LV-1048', city: 'Rīga', contactName: 'Anna Liepa' },
    };
    const res = await save(w.eventAdminA, w.eventA, structured);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.issuer).toMatchObject({
      address: null,
      street: 'Ķīpsalas iela 8',
      postcode: 'LV-1048',
      city: 'Rīga',
      contactName: 'Anna Liepa',
    });
    const issued = await invoiceOf((await approvedPurchase(1)).id);
    expect(issued.issuer).toMatchObject({ street: 'Ķīpsalas iela 8', postcode: 'LV-1048', city: 'Rīga', contactName: 'Anna Liepa' });
    // An invoice issued while the address was one line keeps it, and reads as having no parts.
    await save(w.eventAdminA, w.eventA, RIGA);
    const older = await invoiceOf((await approvedPurchase(1)).id);
    expect(older.issuer).toMatchObject({ address: 'Ķīpsalas iela 8, Rīga', street: null, postcode: null, city: null });
    expect((await invoiceOf(issued.allocationPurchaseId)).issuer?.street).toBe('Ķīpsalas iela 8');
  });
});
