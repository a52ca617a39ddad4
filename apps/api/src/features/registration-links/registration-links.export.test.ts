import { SYSTEM_ROLE_NAMES } from '@portal/shared/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationLinks } from '../../db/schema/registration-links';
import { csvRows, userWith, xlsxRows } from '../../test/export-files';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';

let t: TestApp;
let w: World;
let exporterA: TestUser;

const download = (user: TestUser | null, query: string) =>
  t.request(user, { method: 'GET', url: `/api/admin/registration-links/export?${query}` });
const list = (user: TestUser, query: string) =>
  t.request(user, { method: 'GET', url: `/api/admin/registration-links?per_page=100&${query}` });

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://portal.test' });
  w = await createWorld(t);
  exporterA = await userWith(t, ['export_data'], {
    eventId: w.eventA,
    companyId: w.companyA,
    baseRoles: [SYSTEM_ROLE_NAMES.exhibitor],
  });
  const at = (minute: number) => new Date(Date.UTC(2027, 4, 9, 10, minute));
  await t.db.insert(registrationLinks).values([
    { id: 'link-exhibitors-a', kind: 'exhibitor', eventId: w.eventA, createdAt: at(1) },
    {
      id: 'link-badge-a-1',
      kind: 'badge',
      eventId: w.eventA,
      exhibitorId: exporterA.id,
      badgeCategoryId: w.categoryA,
      maxUses: 5,
      uses: 2,
      createdAt: at(2),
    },
    {
      id: 'link-badge-a-2',
      kind: 'badge',
      eventId: w.eventA,
      exhibitorId: exporterA.id,
      badgeCategoryId: w.categoryA,
      email: '=evil@a.example',
      createdAt: at(3),
    },
    {
      id: 'link-badge-b',
      kind: 'badge',
      eventId: w.eventB,
      exhibitorId: w.exhibitorB.id,
      badgeCategoryId: w.categoryB,
      createdAt: at(4),
    },
  ]);
});
afterAll(() => t.close());

const links = (rows: string[][]) => rows.map((row) => row[0]!.replace('https://portal.test/register/', ''));

describe('GET /api/admin/registration-links/export', () => {
  it('writes the list’s links, newest first, within the event admin’s event', async () => {
    const shown = (await list(w.eventAdminA, '')).json().data as { id: string }[];
    const res = await download(w.eventAdminA, 'format=csv');
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = csvRows(res.body);
    expect(header!.slice(0, 6)).toEqual(['Link', 'Kind', 'Category', 'Owner', 'Recipient', 'Uses']);
    expect(links(rows)).toEqual(shown.map((link) => link.id));
    expect(links(rows)).toEqual(['link-badge-a-2', 'link-badge-a-1', 'link-exhibitors-a']);
    expect(rows[1]!.slice(1, 7)).toEqual([
      'Badge registration',
      'Exhibitor staff',
      expect.stringContaining('Company A'),
      '',
      '2',
      '5',
    ]);
    const [, ...exhibitorLinks] = csvRows((await download(w.eventAdminA, 'format=csv&kind=exhibitor')).body);
    expect(links(exhibitorLinks)).toEqual(['link-exhibitors-a']);
  });

  it('gives an exhibitor with export_data its own links only, and writes a formula-like cell as text', async () => {
    const [, ...rows] = csvRows((await download(exporterA, 'format=csv')).body);
    expect(links(rows)).toEqual(['link-badge-a-2', 'link-badge-a-1']);
    const res = await download(exporterA, 'format=xlsx');
    const [header, first] = await xlsxRows(res.rawPayload);
    expect(first![header!.indexOf('Recipient')]).toBe("'=evil@a.example");
  });

  it('refuses a user without export_data, one who may not read the list, and anyone signed out', async () => {
    // Every built-in role that reads the list exports it; a role of the organiser's own may not.
    const reader = await userWith(t, ['view_exhibitor_users'], { eventId: w.eventB });
    expect((await list(reader, '')).statusCode).toBe(200);
    expect((await download(reader, 'format=csv')).statusCode).toBe(403);
    const exportOnly = await userWith(t, ['export_data'], { eventId: w.eventA });
    expect((await download(exportOnly, 'format=csv')).statusCode).toBe(403);
    expect((await download(null, 'format=csv')).statusCode).toBe(401);
  });
});
