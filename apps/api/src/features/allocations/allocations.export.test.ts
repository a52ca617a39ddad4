import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRows, userWith, xlsxRows } from '../../test/export-files';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';

let t: TestApp;
let w: World;
let evilExhibitor: number;
const EVIL = '=HYPERLINK("http://evil.example","click")';

const download = (user: TestUser | null, query: string) =>
  t.request(user, { method: 'GET', url: `/api/admin/allocations/export?${query}` });
const list = (user: TestUser, query: string) =>
  t.request(user, { method: 'GET', url: `/api/admin/allocations?per_page=100&${query}` });
const allocate = async (as: TestUser, adminId: number, badgeCategoryId: number, quantity: number) => {
  const res = await t.request(as, { method: 'PUT', url: '/api/admin/allocations', payload: { adminId, badgeCategoryId, quantity } });
  expect(res.statusCode).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  const created = await t.request(w.eventAdminA, {
    method: 'POST',
    url: '/api/admin/exhibitors',
    payload: { eventId: w.eventA, companyName: EVIL, firstName: '+cmd', lastName: '@sum', email: 'evil@alloc.example' },
  });
  expect(created.statusCode).toBe(201);
  evilExhibitor = created.json().data.id;
  await allocate(w.eventAdminA, w.exhibitorA.id, w.categoryA, 7);
  await allocate(w.eventAdminA, w.exhibitorA.id, w.vipCategoryA, 2);
  await allocate(w.exhibitorA, w.subAccountA.id, w.categoryA, 3);
  await allocate(w.eventAdminA, evilExhibitor, w.categoryA, 5);
  await allocate(w.eventAdminB, w.exhibitorB.id, w.categoryB, 9);
});
afterAll(() => t.close());

describe('GET /api/admin/allocations/export', () => {
  it('writes the list’s rows in its order, with its filters, for an event admin', async () => {
    const query = 'type=badge&includeChildAllocations=true&sort=-quantity';
    const shown = (await list(w.eventAdminA, query)).json().data as { badgeCategory: { name: string }; quantity: number }[];
    const res = await download(w.eventAdminA, `${query}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe("attachment; filename*=UTF-8''allocations.csv");
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual([
      'Company',
      'Holder',
      'Holder kind',
      'Event',
      'Category',
      'Badge type',
      'Allocated',
      'Used',
      'Handed to sub-accounts',
      'Held by open links',
      'Available',
      'Created (UTC)',
      'Updated (UTC)',
    ]);
    expect(rows.map((row) => [row[4], Number(row[6])])).toEqual(shown.map((row) => [row.badgeCategory.name, row.quantity]));
    expect(rows.map((row) => row[6])).toEqual(['7', '5', '3', '2']);
    expect(rows.every((row) => row[3] === 'Event A')).toBe(true);
    // The exhibitor's row: 3 of its 7 handed to its sub-account, 4 left.
    expect(rows[0]!.slice(6, 11)).toEqual(['7', '0', '3', '0', '4']);
    expect(rows.find((row) => row[2] === 'Sub-account')![4]).toBe('Exhibitor staff');
    // Without includeChildAllocations, as the list, the sub-account's row is left out.
    expect(csvRows((await download(w.eventAdminA, 'format=csv')).body)).toHaveLength(4);
    const vip = csvRows((await download(w.eventAdminA, `format=csv&badgeCategoryId=${w.vipCategoryA}`)).body);
    expect(vip.slice(1).map((row) => row[4])).toEqual(['VIP guests']);
  });

  it('gives an exhibitor its own and its sub-accounts’ rows, never another exhibitor’s', async () => {
    const res = await download(w.exhibitorA, 'format=csv&includeChildAllocations=true');
    expect(res.statusCode).toBe(200);
    const [, ...rows] = csvRows(res.body);
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row[0] === 'Company A')).toBe(true);
    expect(res.body).not.toContain('HYPERLINK');
    // Naming another exhibitor, or another event, gives nothing, not its rows.
    expect(csvRows((await download(w.exhibitorA, `format=csv&adminId=${evilExhibitor}`)).body)).toHaveLength(1);
    expect(csvRows((await download(w.exhibitorA, `format=csv&eventId=${w.eventB}`)).body)).toHaveLength(1);
    const sub = csvRows((await download(w.subAccountA, 'format=csv&includeChildAllocations=true')).body);
    expect(sub.slice(1).map((row) => [row[2], row[6]])).toEqual([['Sub-account', '3']]);
  });

  it('never holds another event’s allocations for an event admin', async () => {
    const [, ...rows] = csvRows((await download(w.eventAdminB, 'format=csv')).body);
    expect(rows.map((row) => [row[3], row[6]])).toEqual([['Event B', '9']]);
  });

  it('writes a cell that would run as a formula as text, in .xlsx and CSV alike', async () => {
    const xlsx = await download(w.eventAdminA, `format=xlsx&adminId=${evilExhibitor}`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const [header, row] = await xlsxRows(xlsx.rawPayload);
    expect(row![header!.indexOf('Company')]).toBe(`'${EVIL}`);
    expect(row![header!.indexOf('Holder')]).toBe("'+cmd @sum");
    const [csvHeader, csvRow] = csvRows((await download(w.eventAdminA, `format=csv&adminId=${evilExhibitor}`)).body);
    expect(csvRow![csvHeader!.indexOf('Company')]).toBe(`'${EVIL}`);
  });

  it('refuses a user who may see allocations but not export, and anyone signed out', async () => {
    const viewer = await userWith(t, ['view_allocation'], { eventId: w.eventA });
    expect((await list(viewer, '')).statusCode).toBe(200);
    expect((await download(viewer, 'format=csv')).statusCode).toBe(403);
    expect((await download(null, 'format=csv')).statusCode).toBe(401);
    const exporter = await userWith(t, ['view_allocation', 'export_data'], { eventId: w.eventA });
    expect((await download(exporter, 'format=csv')).statusCode).toBe(200);
  });

  it('refuses an unknown format or sort with the field named', async () => {
    const res = await download(w.eventAdminA, 'format=pdf');
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('format');
    expect((await download(w.eventAdminA, 'sort=booth')).statusCode).toBe(400);
  });
});
