import type { AllocationPurchase } from '@portal/shared/allocation-purchases';
import { formatInvoiceAmount } from '@portal/shared/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeCategories } from '../../db/schema/badges';
import { companies } from '../../db/schema/companies';
import { csvRows, userWith, xlsxRows } from '../../test/export-files';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';

let t: TestApp;
let w: World;
let evil: TestUser;
let approvedId: number;
const EVIL = '=HYPERLINK("http://evil.example","click")';
const HEADER = [
  'Number',
  'Invoice',
  'Company',
  'Requested by',
  'Requester email',
  'Event',
  'Items',
  'Places asked',
  'Places accepted',
  'Total',
  'Currency',
  'Refunded',
  'Status',
  'Paid',
  'Requested (UTC)',
  'Decided (UTC)',
  'Paid (UTC)',
  'Cancelled (UTC)',
];
const col = (name: string) => HEADER.indexOf(name);

const download = (user: TestUser | null, query: string) =>
  t.request(user, { method: 'GET', url: `/api/admin/allocation-purchases/export?${query}` });
const list = (user: TestUser, query: string) =>
  t.request(user, { method: 'GET', url: `/api/admin/allocation-purchases?per_page=100&${query}` });
async function request(as: TestUser, badgeCategoryId: number, quantity: number): Promise<number> {
  const res = await t.request(as, { method: 'POST', url: '/api/admin/allocation-purchases', payload: { badgeCategoryId, quantity } });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  await t.db.update(badgeCategories).set({ unitPriceCents: 1500 }).where(eq(badgeCategories.id, w.categoryA));
  const [company] = await t.db.insert(companies).values({ name: EVIL, eventId: w.eventA }).returning({ id: companies.id });
  evil = await t.createUser({ roles: ['Exhibitor'], eventId: w.eventA, companyId: company!.id });
  approvedId = await request(w.exhibitorA, w.categoryA, 2);
  const approved = await t.request(w.eventAdminA, {
    method: 'PUT',
    url: `/api/admin/allocation-purchases/${approvedId}`,
    payload: { action: 'approve', accepted_amount: 2 },
  });
  expect(approved.statusCode).toBe(200);
  await request(w.exhibitorA, w.categoryA, 3);
  await request(w.subAccountA, w.categoryA, 1);
  await request(evil, w.categoryA, 4);
  await request(w.exhibitorB, w.categoryB, 5);
});
afterAll(() => t.close());

describe('GET /api/admin/allocation-purchases/export', () => {
  it('writes the list’s rows in its order, with its filters and the caller’s scope', async () => {
    const query = 'status=requested&sort=-totalPrice';
    const shown = (await list(w.eventAdminA, query)).json().data as AllocationPurchase[];
    const res = await download(w.eventAdminA, `${query}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe("attachment; filename*=UTF-8''allocation-purchases.csv");
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual(HEADER);
    expect(rows.map((row) => Number(row[col('Number')]))).toEqual(shown.map((purchase) => purchase.id));
    expect(rows.map((row) => row[col('Places asked')])).toEqual(['4', '3', '1']);
    expect(rows.every((row) => row[col('Status')] === 'Requested' && row[col('Event')] === 'Event A')).toBe(true);
    const all = csvRows((await download(w.eventAdminA, 'format=csv')).body).slice(1);
    expect(all).toHaveLength(4);
    expect(all.some((row) => row[col('Event')] === 'Event B')).toBe(false);
  });

  it('writes the items, the total in its currency and the invoice as the screen has them', async () => {
    const purchase = (await t.request(w.eventAdminA, { method: 'GET', url: `/api/admin/allocation-purchases/${approvedId}` })).json()
      .data as AllocationPurchase;
    const [, row] = csvRows((await download(w.eventAdminA, 'format=csv&status=approved')).body);
    expect(row![col('Number')]).toBe(String(approvedId));
    expect(row![col('Items')]).toBe('2 × Exhibitor staff');
    expect(row![col('Total')]).toBe(formatInvoiceAmount(purchase.amount_to_pay ?? purchase.totalPrice, purchase.currency));
    expect(row![col('Total')]).toMatch(/30\.00/);
    expect(row![col('Currency')]).toBe(purchase.currency);
    expect(row![col('Invoice')]).toBe(purchase.invoice_id);
    expect(row![col('Invoice')]).not.toBe('');
    expect(row![col('Status')]).toBe('Approved');
    expect(row![col('Company')]).toBe('Company A');
    expect(row![col('Decided (UTC)')]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('gives an exhibitor its own and its sub-accounts’ purchases, never another exhibitor’s', async () => {
    const res = await download(w.exhibitorA, 'format=csv');
    expect(res.statusCode).toBe(200);
    const rows = csvRows(res.body).slice(1);
    expect(rows.map((row) => row[col('Places asked')]).sort()).toEqual(['1', '2', '3']);
    expect(res.body).not.toContain('HYPERLINK');
    // Naming another exhibitor gives nothing, not its rows.
    const foreign = csvRows((await download(w.exhibitorA, `format=csv&exhibitorId=${evil.id}`)).body);
    expect(foreign).toHaveLength(1);
    const own = csvRows((await download(w.subAccountA, 'format=csv')).body).slice(1);
    expect(own.map((row) => row[col('Places asked')])).toEqual(['1']);
  });

  it('writes a cell that would run as a formula as text, in .xlsx and CSV alike', async () => {
    const xlsx = await download(w.eventAdminA, `format=xlsx&exhibitorId=${evil.id}`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const [header, row] = await xlsxRows(xlsx.rawPayload);
    expect(row![header!.indexOf('Company')]).toBe(`'${EVIL}`);
    const [, csvRow] = csvRows((await download(w.eventAdminA, `format=csv&exhibitorId=${evil.id}`)).body);
    expect(csvRow![col('Company')]).toBe(`'${EVIL}`);
  });

  it('refuses a user who may see purchases but not export, and anyone signed out', async () => {
    const viewer = await userWith(t, ['view_allocation_purchase'], { eventId: w.eventA });
    expect((await list(viewer, '')).statusCode).toBe(200);
    expect((await download(viewer, 'format=csv')).statusCode).toBe(403);
    expect((await download(null, 'format=csv')).statusCode).toBe(401);
    const exporter = await userWith(t, ['view_allocation_purchase', 'export_data'], { eventId: w.eventA });
    expect((await download(exporter, 'format=csv')).statusCode).toBe(200);
  });

  it('refuses an unknown format, sort or status with the field named', async () => {
    const res = await download(w.eventAdminA, 'format=pdf');
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('format');
    expect((await download(w.eventAdminA, 'sort=booth')).statusCode).toBe(400);
    expect((await download(w.eventAdminA, 'status=lost')).statusCode).toBe(400);
  });
});
