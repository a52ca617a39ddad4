import { Readable } from 'node:stream';
import type { BillingDocument } from '@portal/shared/allocation-purchases';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { Parse } from 'unzipper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins } from '../../db/schema/admins';
import { badgeCategories } from '../../db/schema/badges';
import { companies } from '../../db/schema/companies';
import { events } from '../../db/schema/events';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';
import { pdfText } from '../../test/pdf';
import { REGISTER_COLUMNS } from './document-register';

let t: TestApp;
let w: World;
/** A second exhibitor of event A, with a purchase of its own. */
let otherExhibitorA: TestUser;
/** Exhibitor A's purchase, invoiced then reissued (a credit note and a corrected invoice). */
let purchaseA: number;
let creditNoteA: number;
let purchaseOfOther: number;
let purchaseB: number;

const get = (as: TestUser | null, url: string) => t.request(as, { method: 'GET', url });
const words = (text: string) => text.replace(/\s+/g, ' ');

async function approvedPurchase(as: TestUser, organiser: TestUser, badgeCategoryId: number, places: number) {
  const created = await t.request(as, {
    method: 'POST',
    url: '/api/admin/allocation-purchases',
    payload: { badgeCategoryId, quantity: places },
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

/** The names and PDF texts of a ZIP's entries, read entry by entry as a streaming reader does. */
async function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  const entries = new Map<string, Buffer>();
  for await (const entry of Readable.from([zip]).pipe(Parse({ forceStream: true }))) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.set(entry.path, Buffer.concat(chunks));
  }
  return entries;
}

const documentsOf = async (as: TestUser, eventId: number): Promise<BillingDocument[]> =>
  (await get(as, `/api/admin/events/${eventId}/invoices`)).json().data;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  await t.db.update(events).set({ currency: 'EUR', name: 'Ελληνικά Expo Москва' }).where(eq(events.id, w.eventA));
  await t.db.update(events).set({ currency: 'JPY' }).where(eq(events.id, w.eventB));
  await t.db.update(badgeCategories).set({ unitPriceCents: 7100 }).where(eq(badgeCategories.id, w.categoryA));
  await t.db.update(badgeCategories).set({ unitPriceCents: 4500 }).where(eq(badgeCategories.id, w.categoryB));
  await t.db
    .update(companies)
    .set({ name: 'Rīgas Maiznieks SIA', address: 'Łódź Żółć 5' })
    .where(eq(companies.id, w.companyA));
  await t.db.update(admins).set({ firstName: 'Jānis', lastName: 'Bērziņš' }).where(eq(admins.id, w.exhibitorA.id));
  otherExhibitorA = await t.createUser({ roles: ['Exhibitor'], eventId: w.eventA, companyId: w.sharedCompany });

  purchaseA = await approvedPurchase(w.exhibitorA, w.eventAdminA, w.categoryA, 1);
  const reissued = await t.request(w.eventAdminA, {
    method: 'POST',
    url: `/api/admin/allocation-purchases/${purchaseA}/reissue-invoice`,
    payload: { reason: 'Příliš žluťoučký kůň' },
  });
  expect(reissued.statusCode).toBe(200);
  creditNoteA = reissued.json().data.creditNotes[0].id;
  await approvedPurchase(w.subAccountA, w.eventAdminA, w.categoryA, 2);
  purchaseOfOther = await approvedPurchase(otherExhibitorA, w.eventAdminA, w.categoryA, 3);
  purchaseB = await approvedPurchase(w.exhibitorB, w.eventAdminB, w.categoryB, 3);
});
afterAll(() => t.close());

describe('GET /admin/allocation-purchases/{id}/invoice.pdf', () => {
  it('answers the current invoice as a PDF named by its number, its text readable in any script', async () => {
    const invoice: BillingDocument = (
      await get(w.exhibitorA, `/api/admin/allocation-purchases/${purchaseA}/invoice`)
    ).json().data;
    const res = await get(w.exhibitorA, `/api/admin/allocation-purchases/${purchaseA}/invoice.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${invoice.number}.pdf`);
    const text = words(await pdfText(res.rawPayload));
    for (const expected of [
      invoice.number,
      '€71.00',
      'Rīgas Maiznieks SIA',
      'Jānis Bērziņš',
      'Łódź Żółć 5',
      'Ελληνικά',
      'Москва',
      'PENDING',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('writes a JPY invoice in whole yen', async () => {
    const res = await get(w.eventAdminB, `/api/admin/allocation-purchases/${purchaseB}/invoice.pdf`);
    expect(res.statusCode).toBe(200);
    const text = words(await pdfText(res.rawPayload));
    expect(text).toContain('¥4,500');
    expect(text).toContain('¥13,500');
  });

  it('refuses a caller without the permission (403), and another event or exhibitor (404)', async () => {
    const url = `/api/admin/allocation-purchases/${purchaseA}/invoice.pdf`;
    expect((await get(w.noRole, url)).statusCode).toBe(403);
    expect((await get(null, url)).statusCode).toBe(401);
    for (const outsider of [w.eventAdminB, w.exhibitorB, otherExhibitorA])
      expect((await get(outsider, url)).statusCode).toBe(404);
    expect((await get(w.exhibitorA, `/api/admin/allocation-purchases/${purchaseOfOther}/invoice.pdf`)).statusCode).toBe(
      404,
    );
  });
});

describe('GET /admin/credit-notes/{id}.pdf', () => {
  it('answers the credit note as a PDF, naming the invoice it credits and its reason', async () => {
    const creditNote: BillingDocument = (await get(w.eventAdminA, `/api/admin/credit-notes/${creditNoteA}`)).json()
      .data;
    const res = await get(w.eventAdminA, `/api/admin/credit-notes/${creditNoteA}.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${creditNote.number}.pdf`);
    const text = words(await pdfText(res.rawPayload));
    for (const expected of [
      'CREDIT NOTE',
      creditNote.number,
      creditNote.creditedInvoiceNumber!,
      '€71.00',
      'CREDITED',
      'Příliš žluťoučký kůň',
      'Rīgas Maiznieks SIA',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('refuses a caller without the permission (403), and another event or exhibitor (404)', async () => {
    const url = `/api/admin/credit-notes/${creditNoteA}.pdf`;
    expect((await get(w.noRole, url)).statusCode).toBe(403);
    for (const outsider of [w.eventAdminB, w.exhibitorB, otherExhibitorA])
      expect((await get(outsider, url)).statusCode).toBe(404);
    expect((await get(w.exhibitorA, url)).statusCode).toBe(200);
  });
});

describe('GET /admin/events/{eventId}/invoices.zip', () => {
  it('holds a PDF of every invoice and credit note an organiser reaches in the event, and nothing else', async () => {
    const res = await get(w.eventAdminA, `/api/admin/events/${w.eventA}/invoices.zip`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''invoices-event-${w.eventA}.zip`);
    const expected = (await documentsOf(w.eventAdminA, w.eventA)).map((d) => `${d.number}.pdf`);
    expect(expected).toHaveLength(5);
    const entries = await unzip(res.rawPayload);
    expect([...entries.keys()].sort()).toEqual(expected.sort());
    expect(res.headers['x-document-count']).toBe('5');
    for (const [name, pdf] of entries) expect(words(await pdfText(pdf))).toContain(name.replace(/\.pdf$/, ''));
  });

  it('gives an exhibitor its own documents and a sub-account its own', async () => {
    for (const user of [w.exhibitorA, w.subAccountA, otherExhibitorA]) {
      const res = await get(user, `/api/admin/events/${w.eventA}/invoices.zip`);
      expect(res.statusCode).toBe(200);
      const own = (await documentsOf(user, w.eventA)).map((d) => `${d.number}.pdf`);
      expect(own.length).toBeGreaterThan(0);
      expect([...(await unzip(res.rawPayload)).keys()].sort()).toEqual(own.sort());
    }
  });

  it('narrows to one exhibitor and to issue days, both included', async () => {
    const all = await documentsOf(w.eventAdminA, w.eventA);
    const ofOther = (await documentsOf(otherExhibitorA, w.eventA)).map((d) => `${d.number}.pdf`);
    const narrowed = await get(
      w.eventAdminA,
      `/api/admin/events/${w.eventA}/invoices.zip?exhibitorId=${otherExhibitorA.id}`,
    );
    expect([...(await unzip(narrowed.rawPayload)).keys()]).toEqual(ofOther);

    const today = all[0]!.issuedAt.slice(0, 10);
    const day = (offset: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
    const within = await get(w.eventAdminA, `/api/admin/events/${w.eventA}/invoices.zip?from=${today}&to=${today}`);
    expect((await unzip(within.rawPayload)).size).toBe(all.length);
    for (const query of [`from=${day(1)}`, `to=${day(-1)}`]) {
      const none = await get(w.eventAdminA, `/api/admin/events/${w.eventA}/invoices.zip?${query}`);
      expect(none.statusCode).toBe(200);
      expect(none.headers['x-document-count']).toBe('0');
      expect((await unzip(none.rawPayload)).size).toBe(0);
    }
  });

  it('answers 400 naming the field for a bad filter', async () => {
    for (const [query, field] of [
      ['from=2026-13-01', 'from'],
      ['to=yesterday', 'to'],
      ['from=2026-05-02&to=2026-05-01', 'to'],
      ['exhibitorId=abc', 'exhibitorId'],
    ] as const) {
      const res = await get(w.eventAdminA, `/api/admin/events/${w.eventA}/invoices.zip?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().details[0].field, query).toBe(field);
      expect(res.json().details[0].message, query).toBeTruthy();
    }
  });

  it('refuses a caller without the permission (403) and another event (404)', async () => {
    const url = `/api/admin/events/${w.eventA}/invoices.zip`;
    expect((await get(w.noRole, url)).statusCode).toBe(403);
    for (const outsider of [w.eventAdminB, w.exhibitorB]) expect((await get(outsider, url)).statusCode).toBe(404);
    expect((await get(w.eventAdminA, `/api/admin/events/999999/invoices.zip`)).statusCode).toBe(404);
  });
});

/** The rows of a CSV register, its byte-order mark dropped and each field unquoted. */
function csvRows(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const rows: string[][] = [];
  for (const line of text.slice(1).split('\r\n').filter(Boolean)) {
    const cells: string[] = [];
    for (const match of line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)) cells.push(match[1]?.replaceAll('""', '"') ?? match[2] ?? '');
    rows.push(cells);
  }
  return rows;
}

describe('GET /admin/events/{eventId}/invoices.csv and .xlsx', () => {
  it('list every document an organiser reaches, one row each, credit notes negative, in the event’s currency', async () => {
    const documents = await documentsOf(w.eventAdminA, w.eventA);
    const res = await get(w.eventAdminA, `/api/admin/events/${w.eventA}/invoices.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''invoices-event-${w.eventA}.csv`);
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual([...REGISTER_COLUMNS]);
    const column = (name: (typeof REGISTER_COLUMNS)[number]) => header!.indexOf(name);
    expect(rows.map((row) => row[column('Number')]).sort()).toEqual(documents.map((d) => d.number).sort());
    const note = rows.find((row) => row[column('Type')] === 'Credit note')!;
    expect(note[column('Amount')]).toBe('-71.00');
    expect(note[column('Currency')]).toBe('EUR');
    const replaced = rows.find((row) => row[column('Number')] === note[column('Credits invoice')])!;
    expect(replaced[column('Status')]).toBe('CANCELLED');
    expect(replaced[column('Cancelled by')]).toBe(note[column('Number')]);
    expect(replaced[column('Buyer')]).toBe('Rīgas Maiznieks SIA');
    expect(replaced[column('Contact')]).toBe('Jānis Bērziņš');
    expect(replaced[column('Buyer address')]).toBe('Łódź Żółć 5');

    const workbook = new ExcelJS.Workbook();
    const xlsx = await get(w.eventAdminA, `/api/admin/events/${w.eventA}/invoices.xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['x-document-count']).toBe(String(documents.length));
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(documents.length + 1);
    const amounts = sheet.getColumn(column('Amount') + 1).values.slice(2);
    // Numbers, so the column sums: four invoices of 1, 1, 2 and 3 places at €71.00, one credit note of one.
    expect(amounts.reduce<number>((sum, value) => sum + Number(value), 0)).toBeCloseTo((1 + 1 + 2 + 3 - 1) * 71, 6);
  });

  it('names the day and the reference of the payment on a paid invoice', async () => {
    const id = await approvedPurchase(otherExhibitorA, w.eventAdminA, w.categoryA, 1);
    const token = (await t.request(otherExhibitorA, { method: 'POST', url: `/api/admin/allocation-purchases/${id}/payment-token` })).json().data;
    const sessionId = token.url.split('/').pop();
    expect((await t.request(null, { method: 'POST', url: `/api/payments/sandbox/${sessionId}`, payload: { outcome: 'success' } })).statusCode).toBe(200);
    const purchase = (await get(otherExhibitorA, `/api/admin/allocation-purchases/${id}`)).json().data;
    expect(purchase.paymentReference).toBeTruthy();
    const invoice: BillingDocument = (await get(otherExhibitorA, `/api/admin/allocation-purchases/${id}/invoice`)).json().data;
    expect(invoice).toMatchObject({ status: 'PAID', paymentReference: purchase.paymentReference });
    const [header, ...rows] = csvRows((await get(otherExhibitorA, `/api/admin/events/${w.eventA}/invoices.csv`)).body);
    const row = rows.find((cells) => cells[header!.indexOf('Number')] === invoice.number)!;
    expect(row[header!.indexOf('Payment reference')]).toBe(purchase.paymentReference);
    expect(row[header!.indexOf('Paid on')]).toBe(invoice.paidAt!.slice(0, 10));
    // An unpaid invoice names no payment.
    expect(rows.filter((cells) => cells[header!.indexOf('Status')] === 'PENDING').every((cells) => cells[header!.indexOf('Payment reference')] === '')).toBe(true);
  });

  it('writes a cell that would run as a formula as text', async () => {
    await t.db.update(companies).set({ name: '=HYPERLINK("http://evil.example","Pay here")' }).where(eq(companies.id, w.sharedCompany));
    try {
      const before = (await documentsOf(otherExhibitorA, w.eventA)).length;
      const id = await approvedPurchase(otherExhibitorA, w.eventAdminA, w.categoryA, 1);
      const rows = csvRows((await get(otherExhibitorA, `/api/admin/events/${w.eventA}/invoices.csv`)).body);
      expect(rows).toHaveLength(before + 2);
      const buyer = rows[0]!.indexOf('Buyer');
      expect(rows.some((row) => row[buyer] === `'=HYPERLINK("http://evil.example","Pay here")`)).toBe(true);
      expect(rows.some((row) => row[buyer]!.startsWith('='))).toBe(false);
      expect(id).toBeGreaterThan(0);
    } finally {
      await t.db.update(companies).set({ name: 'Global Company' }).where(eq(companies.id, w.sharedCompany));
    }
  });

  it('give exhibitors their own rows, take the archive’s filters, and refuse as the archive does', async () => {
    const own = (await documentsOf(w.exhibitorA, w.eventA)).map((d) => d.number).sort();
    const rows = csvRows((await get(w.exhibitorA, `/api/admin/events/${w.eventA}/invoices.csv`)).body).slice(1);
    expect(rows.map((row) => row[1]).sort()).toEqual(own);
    const later = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect(csvRows((await get(w.eventAdminA, `/api/admin/events/${w.eventA}/invoices.csv?from=${later}`)).body)).toHaveLength(1);
    expect((await get(w.eventAdminA, `/api/admin/events/${w.eventA}/invoices.xlsx?to=never`)).json().details[0].field).toBe('to');
    for (const format of ['csv', 'xlsx']) {
      const url = `/api/admin/events/${w.eventA}/invoices.${format}`;
      expect((await get(w.noRole, url)).statusCode).toBe(403);
      for (const outsider of [w.eventAdminB, w.exhibitorB]) expect((await get(outsider, url)).statusCode).toBe(404);
    }
  });
});
