import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRows, userWith, xlsxRows } from '../../test/export-files';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';

let t: TestApp;
let w: World;
const EVIL = '=HYPERLINK("http://evil.example","click")';

const download = (user: TestUser | null, query: string) =>
  t.request(user, { method: 'GET', url: `/api/admin/exhibitors/export?${query}` });
const list = (user: TestUser, query: string) =>
  t.request(user, { method: 'GET', url: `/api/admin/exhibitors?per_page=100&${query}` });

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  const exhibitors = [
    {
      eventId: w.eventA,
      companyName: 'Ærø Fisk',
      firstName: 'Ole',
      lastName: 'Berg',
      email: 'ole@aero.example',
      booth: 'A-2',
    },
    {
      eventId: w.eventA,
      companyName: 'Bergen Pumps',
      firstName: 'Kari',
      lastName: 'Dahl',
      email: 'kari@bergen.example',
      booth: 'A-1',
    },
    {
      eventId: w.eventA,
      companyName: EVIL,
      firstName: '+cmd',
      lastName: '@sum',
      email: 'evil@evil.example',
      booth: '-1+1',
    },
    {
      eventId: w.eventB,
      companyName: 'Other Show Ltd',
      firstName: 'Bo',
      lastName: 'Ek',
      email: 'bo@other.example',
      booth: 'Z-9',
    },
  ];
  for (const body of exhibitors) {
    const res = await t.request(w.systemAdmin, { method: 'POST', url: '/api/admin/exhibitors', payload: body });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(() => t.close());

describe('GET /api/admin/exhibitors/export', () => {
  it('writes the list’s rows in its order, with its filters and the caller’s scope', async () => {
    const query = 'search=a-&sort=-booth';
    const shown = (await list(w.eventAdminA, query)).json().data as { email: string }[];
    const res = await download(w.eventAdminA, `${query}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe("attachment; filename*=UTF-8''exhibitors.csv");
    const [header, ...rows] = csvRows(res.body);
    expect(header!.slice(0, 6)).toEqual(['Company', 'First name', 'Last name', 'Email', 'Phone', 'Booth']);
    const email = header!.indexOf('Email');
    expect(rows.map((row) => row[email])).toEqual(shown.map((row) => row.email));
    expect(rows.map((row) => row[email])).toEqual(['ole@aero.example', 'kari@bergen.example']);
  });

  it('never holds another event’s exhibitors for an event admin', async () => {
    const res = await download(w.eventAdminA, 'format=csv');
    const [header, ...rows] = csvRows(res.body);
    const event = header!.indexOf('Event');
    expect(rows.length).toBeGreaterThan(2);
    expect(rows.every((row) => row[event] === 'Event A')).toBe(true);
    expect(rows.some((row) => row.includes('bo@other.example'))).toBe(false);
    // Asking for the other event by its id gives nothing, not its rows.
    const foreign = csvRows((await download(w.eventAdminA, `format=csv&eventId=${w.eventB}`)).body);
    expect(foreign).toHaveLength(1);
  });

  it('writes a cell that would run as a formula as text, in .xlsx and CSV alike', async () => {
    const xlsx = await download(w.eventAdminA, 'format=xlsx&search=evil');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const [header, row] = await xlsxRows(xlsx.rawPayload);
    expect(row![header!.indexOf('Company')]).toBe(`'${EVIL}`);
    expect(row![header!.indexOf('First name')]).toBe("'+cmd");
    expect(row![header!.indexOf('Last name')]).toBe("'@sum");
    expect(row![header!.indexOf('Booth')]).toBe("'-1+1");
    const [csvHeader, csvRow] = csvRows((await download(w.eventAdminA, 'format=csv&search=evil')).body);
    expect(csvRow![csvHeader!.indexOf('Company')]).toBe(`'${EVIL}`);
  });

  it('refuses a user who may see exhibitors but not export, and anyone signed out', async () => {
    const viewer = await userWith(t, ['view_exhibitors'], { eventId: w.eventA });
    expect((await list(viewer, '')).statusCode).toBe(200);
    expect((await download(viewer, 'format=csv')).statusCode).toBe(403);
    expect((await download(null, 'format=csv')).statusCode).toBe(401);
    const exporter = await userWith(t, ['view_exhibitors', 'export_data'], { eventId: w.eventA });
    expect((await download(exporter, 'format=csv')).statusCode).toBe(200);
  });

  it('refuses an unknown format or sort with the field named', async () => {
    const res = await download(w.eventAdminA, 'format=pdf');
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('format');
    expect((await download(w.eventAdminA, 'sort=__proto__')).statusCode).toBe(400);
  });

  it('gives an exhibitor, which holds neither permission, no export of exhibitors', async () => {
    expect((await download(w.exhibitorA, 'format=csv')).statusCode).toBe(403);
  });
});
