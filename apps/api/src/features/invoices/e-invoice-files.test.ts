import { Readable } from 'node:stream';
import type { BillingDocument } from '@portal/shared/allocation-purchases';
import { eq } from 'drizzle-orm';
import { Parse } from 'unzipper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeCategories } from '../../db/schema/badges';
import { companies } from '../../db/schema/companies';
import { events } from '../../db/schema/events';
import { en16931Errors, XRECHNUNG_ID, xRechnungErrors } from '../../test/en16931';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';
import { embeddedFiles } from '../../test/pdf';
import { listEmailsTo } from '../email/email.repository';
import { deliverDueEmails, type MailAttachment } from '../email/outbox-worker';

let t: TestApp;
let w: World;
/** Exhibitor A's purchase, invoiced then reissued (a credit note and a corrected invoice). */
let purchaseA: number;
let creditNoteA: number;
/** Event B's purchase: the event has no issuer, so its documents cannot be e-invoices. */
let purchaseB: number;

const BOOKS = 'books@einvoice-a.test';
const get = (as: TestUser | null, url: string) => t.request(as, { method: 'GET', url });

async function approvedPurchase(
  as: TestUser,
  organiser: TestUser,
  badgeCategoryId: number,
  places: number,
  vatId?: string,
) {
  const created = await t.request(as, {
    method: 'POST',
    url: '/api/admin/allocation-purchases',
    payload: { badgeCategoryId, quantity: places, vatId },
  });
  expect(created.statusCode).toBe(201);
  const id: number = created.json().data.id;
  const approved = await t.request(organiser, {
    method: 'PUT',
    url: `/api/admin/allocation-purchases/${id}`,
    payload: { action: 'approve', accepted_amount: places },
  });
  expect(approved.statusCode).toBe(200);
  return id;
}

async function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  const entries = new Map<string, Buffer>();
  for await (const entry of Readable.from([zip]).pipe(Parse({ forceStream: true }))) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.set(entry.path, Buffer.concat(chunks));
  }
  return entries;
}

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  await t.db.update(events).set({ currency: 'EUR', accountingEmail: BOOKS }).where(eq(events.id, w.eventA));
  await t.db.update(badgeCategories).set({ unitPriceCents: 7100 }).where(eq(badgeCategories.id, w.categoryA));
  await t.db.update(badgeCategories).set({ unitPriceCents: 4500 }).where(eq(badgeCategories.id, w.categoryB));
  await t.db
    .update(companies)
    .set({ name: 'Rīgas Maiznieks SIA', address: 'Ķīpsalas iela 8, Rīga', country: 'LV', vatNumber: 'LV40003521600' })
    .where(eq(companies.id, w.companyA));
  const settings = await t.request(w.eventAdminA, {
    method: 'PUT',
    url: `/api/events/${w.eventA}/invoicing`,
    payload: {
      issuer: {
        name: 'Ελληνικά Εκθέσεις Α.Ε.',
        address: 'Λεωφόρος Συγγρού 1, Αθήνα',
        street: null,
        postcode: null,
        city: null,
        country: 'DE',
        vatId: 'DE136695976',
        registrationNumber: 'HRB 12345',
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
        contactName: null,
        email: 'billing@expo.example',
        phone: '+49 40 1234567',
      },
      footer: 'Москва · Rīga · Αθήνα',
      defaultVatRate: 19,
      paymentTermsDays: 14,
      invoicePrefix: 'INV',
      creditNotePrefix: 'CN',
    },
  });
  expect(settings.statusCode).toBe(200);

  // A Latvian business buying from a German issuer: reverse charge.
  purchaseA = await approvedPurchase(w.exhibitorA, w.eventAdminA, w.categoryA, 2, 'LV40003521600');
  const reissued = await t.request(w.eventAdminA, {
    method: 'POST',
    url: `/api/admin/allocation-purchases/${purchaseA}/reissue-invoice`,
    payload: { reason: 'Wrong company name' },
  });
  expect(reissued.statusCode).toBe(200);
  creditNoteA = reissued.json().data.creditNotes[0].id;
  purchaseB = await approvedPurchase(w.exhibitorB, w.eventAdminB, w.categoryB, 3);
});
afterAll(() => t.close());

describe('GET /admin/allocation-purchases/{id}/invoice.xml', () => {
  it('answers the invoice as a valid EN 16931 XML named by its number, the very file its PDF embeds', async () => {
    const invoice: BillingDocument = (
      await get(w.exhibitorA, `/api/admin/allocation-purchases/${purchaseA}/invoice`)
    ).json().data;
    const res = await get(w.exhibitorA, `/api/admin/allocation-purchases/${purchaseA}/invoice.xml`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml');
    expect(res.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${invoice.number}.xml`);
    const xml = res.rawPayload.toString('utf8');
    expect(await en16931Errors(xml)).toEqual([]);
    expect(xml).toContain(`<ram:ID>${invoice.number}</ram:ID>`);
    expect(xml).toContain('<ram:TypeCode>380</ram:TypeCode>');
    expect(xml).toContain('Rīgas Maiznieks SIA');
    expect(xml).toContain('Ελληνικά Εκθέσεις Α.Ε.');
    expect(xml).toContain('<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>');
    expect(xml).toMatch(/<ram:CategoryCode>AE<\/ram:CategoryCode>/);
    expect(xml).toMatch(/<ram:ID schemeID="VA">LV40003521600<\/ram:ID>/);
    expect(xml).toMatch(/<ram:ID schemeID="VA">DE136695976<\/ram:ID>/);

    const pdf = await get(w.exhibitorA, `/api/admin/allocation-purchases/${purchaseA}/invoice.pdf`);
    const embedded = (await embeddedFiles(pdf.rawPayload)).get('factur-x.xml');
    expect(embedded?.equals(res.rawPayload)).toBe(true);
  });

  it('refuses a caller without the permission (403), and another event or exhibitor (404)', async () => {
    const url = `/api/admin/allocation-purchases/${purchaseA}/invoice.xml`;
    expect((await get(null, url)).statusCode).toBe(401);
    expect((await get(w.noRole, url)).statusCode).toBe(403);
    for (const outsider of [w.eventAdminB, w.exhibitorB]) expect((await get(outsider, url)).statusCode).toBe(404);
    expect((await get(w.eventAdminA, url)).statusCode).toBe(200);
  });

  it('answers 422 naming what is missing when the invoice cannot be an e-invoice, while its PDF is complete', async () => {
    const res = await get(w.eventAdminB, `/api/admin/allocation-purchases/${purchaseB}/invoice.xml`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(
      /names no issuer.*enter the issuer's name, country and VAT ID on the event's Invoicing page/,
    );
    const pdf = await get(w.eventAdminB, `/api/admin/allocation-purchases/${purchaseB}/invoice.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect((await embeddedFiles(pdf.rawPayload)).size).toBe(0);
  });

  it('refuses a currency with three decimals (422), which EN 16931 cannot carry', async () => {
    await t.db.update(events).set({ currency: 'KWD' }).where(eq(events.id, w.eventA));
    try {
      const id = await approvedPurchase(w.exhibitorA, w.eventAdminA, w.categoryA, 1);
      const res = await get(w.exhibitorA, `/api/admin/allocation-purchases/${id}/invoice.xml`);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toMatch(/at most 2 decimals; KWD has 3/);
      expect((await get(w.exhibitorA, `/api/admin/allocation-purchases/${id}/invoice.pdf`)).statusCode).toBe(200);
    } finally {
      await t.db.update(events).set({ currency: 'EUR' }).where(eq(events.id, w.eventA));
    }
  });
});

describe('GET /admin/credit-notes/{id}.xml', () => {
  it('answers the credit note as type 381 naming the invoice it credits, the file its PDF embeds', async () => {
    const note: BillingDocument = (await get(w.eventAdminA, `/api/admin/credit-notes/${creditNoteA}`)).json().data;
    const res = await get(w.eventAdminA, `/api/admin/credit-notes/${creditNoteA}.xml`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${note.number}.xml`);
    const xml = res.rawPayload.toString('utf8');
    expect(await en16931Errors(xml)).toEqual([]);
    expect(xml).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(xml).toMatch(
      new RegExp(
        `<ram:InvoiceReferencedDocument>\\s*<ram:IssuerAssignedID>${note.creditedInvoiceNumber}</ram:IssuerAssignedID>`,
      ),
    );
    const pdf = await get(w.eventAdminA, `/api/admin/credit-notes/${creditNoteA}.pdf`);
    expect((await embeddedFiles(pdf.rawPayload)).get('factur-x.xml')?.equals(res.rawPayload)).toBe(true);
  });

  it('refuses a caller without the permission (403), and another event (404)', async () => {
    const url = `/api/admin/credit-notes/${creditNoteA}.xml`;
    expect((await get(w.noRole, url)).statusCode).toBe(403);
    for (const outsider of [w.eventAdminB, w.exhibitorB]) expect((await get(outsider, url)).statusCode).toBe(404);
    expect((await get(w.exhibitorA, url)).statusCode).toBe(200);
  });
});

describe('the e-invoice beside the PDF', () => {
  it('is in the event’s ZIP as {number}.xml beside each {number}.pdf that can have one', async () => {
    const res = await get(w.eventAdminA, `/api/admin/events/${w.eventA}/invoices.zip`);
    expect(res.statusCode).toBe(200);
    const entries = await unzip(res.rawPayload);
    const documents: BillingDocument[] = (await get(w.eventAdminA, `/api/admin/events/${w.eventA}/invoices`)).json()
      .data;
    // The KWD invoice of the test above has its PDF alone.
    expect(documents.some((d) => d.currency === 'KWD')).toBe(true);
    const expected = documents.flatMap((d) => [
      `${d.number}.pdf`,
      ...(d.currency === 'KWD' ? [] : [`${d.number}.xml`]),
    ]);
    // In the documents' order, each PDF before its XML, whichever thread drew it.
    expect([...entries.keys()]).toEqual(expected);
    const invoiceXml = await get(w.eventAdminA, `/api/admin/allocation-purchases/${purchaseA}/invoice.xml`);
    const current = documents.find((d) => d.kind === 'invoice' && d.status === 'PENDING')!;
    expect(entries.get(`${current.number}.xml`)?.equals(invoiceXml.rawPayload)).toBe(true);
    // An event whose documents cannot be e-invoices: PDFs alone.
    const plain = await unzip((await get(w.eventAdminB, `/api/admin/events/${w.eventB}/invoices.zip`)).rawPayload);
    expect([...plain.keys()].every((name) => name.endsWith('.pdf'))).toBe(true);
    expect(plain.size).toBeGreaterThan(0);
  });

  it('is attached with the PDF to the copy for the accounting address', async () => {
    const copies = await listEmailsTo(t.db, BOOKS);
    const invoice: BillingDocument = (
      await get(w.eventAdminA, `/api/admin/allocation-purchases/${purchaseA}/invoice`)
    ).json().data;
    const copy = copies.find((mail) => mail.subject.startsWith(`Invoice ${invoice.number}`))!;
    expect(copy.attachments).toEqual([
      { kind: 'invoice', id: invoice.id, fileName: `${invoice.number}.pdf`, format: 'pdf' },
      { kind: 'invoice', id: invoice.id, fileName: `${invoice.number}.xml`, format: 'xml' },
    ]);

    const sent = new Map<string, readonly MailAttachment[]>();
    while ((await deliverDueEmails(t.db, { send: async (mail, files) => void sent.set(mail.subject, files) })) > 0);
    const [pdf, xml, ...more] = sent.get(copy.subject)!;
    expect(more).toEqual([]);
    expect(pdf).toMatchObject({ filename: `${invoice.number}.pdf`, contentType: 'application/pdf' });
    expect(xml).toMatchObject({ filename: `${invoice.number}.xml`, contentType: 'application/xml' });
    const fromRoute = await get(w.eventAdminA, `/api/admin/allocation-purchases/${purchaseA}/invoice.xml`);
    expect(xml!.content.equals(fromRoute.rawPayload)).toBe(true);
    expect((await embeddedFiles(pdf!.content)).get('factur-x.xml')?.equals(fromRoute.rawPayload)).toBe(true);
  });
});

describe('?profile=xrechnung', () => {
  const xRechnungOf = (as: TestUser, url: string) => get(as, `${url}?profile=xrechnung`);

  it('answers 422 naming each field an XRechnung needs and the document lacks, and 400 for an unknown profile', async () => {
    const res = await xRechnungOf(w.exhibitorA, `/api/admin/allocation-purchases/${purchaseA}/invoice.xml`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/An XRechnung needs what this document lacks/);
    expect(res.json().details.map((detail: { field: string }) => detail.field)).toEqual([
      'issuer.postcode',
      'issuer.city',
      'issuer.contactName',
      'billTo.postcode',
      'billTo.city',
    ]);
    const unknown = await get(w.exhibitorA, `/api/admin/allocation-purchases/${purchaseA}/invoice.xml?profile=ubl`);
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json())).toContain('profile');
  });

  it('answers an XRechnung 3.0 of a request with a buyer reference, and of its credit note; the plain file stays as it was', async () => {
    const settings = await t.request(w.eventAdminA, {
      method: 'PUT',
      url: `/api/events/${w.eventA}/invoicing`,
      payload: {
        issuer: {
          name: 'Messe Nord GmbH',
          street: 'Messeplatz 1',
          postcode: '20357',
          city: 'Hamburg',
          country: 'DE',
          vatId: 'DE136695976',
          iban: 'DE89370400440532013000',
          contactName: 'Jana Berg',
          email: 'billing@messe-nord.example',
          phone: '+49 40 1234567',
        },
        defaultVatRate: 19,
        paymentTermsDays: 14,
        invoicePrefix: 'INV',
        creditNotePrefix: 'CN',
      },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const created = await t.request(w.exhibitorA, {
      method: 'POST',
      url: '/api/admin/allocation-purchases',
      payload: {
        badgeCategoryId: w.categoryA,
        quantity: 1,
        buyerReference: '04011000-12345-03',
        billingStreet: 'Brīvības iela 1',
        billingPostcode: 'LV-1010',
        billingCity: 'Rīga',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ buyerReference: '04011000-12345-03', billingPostcode: 'LV-1010', billingCity: 'Rīga' });
    const id: number = created.json().data.id;
    const approved = await t.request(w.eventAdminA, {
      method: 'PUT',
      url: `/api/admin/allocation-purchases/${id}`,
      payload: { action: 'approve', accepted_amount: 1 },
    });
    expect(approved.statusCode).toBe(200);
    const invoice: BillingDocument = (await get(w.exhibitorA, `/api/admin/allocation-purchases/${id}/invoice`)).json().data;
    expect(invoice.buyerReference).toBe('04011000-12345-03');

    const res = await xRechnungOf(w.exhibitorA, `/api/admin/allocation-purchases/${id}/invoice.xml`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${invoice.number}-xrechnung.xml`);
    const xml = res.rawPayload.toString('utf8');
    expect([...(await en16931Errors(xml)), ...xRechnungErrors(xml)]).toEqual([]);
    expect(xml).toContain(`<ram:ID>${XRECHNUNG_ID}</ram:ID>`);
    expect(xml).toContain('<ram:BuyerReference>04011000-12345-03</ram:BuyerReference>');
    expect(xml).toContain('<ram:PostcodeCode>LV-1010</ram:PostcodeCode>');

    // The plain EN 16931 file, which the PDF embeds, keeps its own specification id.
    const plain = (await get(w.exhibitorA, `/api/admin/allocation-purchases/${id}/invoice.xml`)).rawPayload.toString('utf8');
    expect(plain).toContain('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
    expect(await en16931Errors(plain)).toEqual([]);

    const reissued = await t.request(w.eventAdminA, {
      method: 'POST',
      url: `/api/admin/allocation-purchases/${id}/reissue-invoice`,
      payload: { reason: 'Wrong order number' },
    });
    expect(reissued.statusCode).toBe(200);
    const noteId: number = reissued.json().data.creditNotes[0].id;
    const note = await xRechnungOf(w.exhibitorA, `/api/admin/credit-notes/${noteId}.xml`);
    expect(note.statusCode, note.body).toBe(200);
    const noteXml = note.rawPayload.toString('utf8');
    expect([...(await en16931Errors(noteXml)), ...xRechnungErrors(noteXml)]).toEqual([]);
    expect(noteXml).toContain('<ram:TypeCode>381</ram:TypeCode>');

    for (const outsider of [w.eventAdminB, w.exhibitorB])
      expect((await xRechnungOf(outsider, `/api/admin/allocation-purchases/${id}/invoice.xml`)).statusCode).toBe(404);
    expect((await xRechnungOf(w.noRole, `/api/admin/credit-notes/${noteId}.xml`)).statusCode).toBe(403);
  });
});
