import { SYSTEM_ROLE_NAMES } from '@portal/shared/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRows, userWith, xlsxRows } from '../../test/export-files';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';

let t: TestApp;
let w: World;
let exporterA: TestUser;
const PASSWORD = 'Colleague-Pass-2027';

const download = (user: TestUser | null, query: string) =>
  t.request(user, { method: 'GET', url: `/api/admin/sub-accounts/export?${query}` });
const list = (user: TestUser, query: string) =>
  t.request(user, { method: 'GET', url: `/api/admin/sub-accounts?per_page=100&${query}` });

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  // An exhibitor an administrator gave export_data on top of its built-in role.
  exporterA = await userWith(t, ['export_data'], {
    eventId: w.eventA,
    companyId: w.companyA,
    baseRoles: [SYSTEM_ROLE_NAMES.exhibitor],
  });
  const people = [
    [exporterA, 'Åse', 'Lund', 'ase@a.example'],
    [exporterA, 'Bjørn', 'Aas', 'bjorn@a.example'],
    [exporterA, '=1+2', '-3', 'formula@a.example'],
    [w.exhibitorB, 'Carl', 'Berg', 'carl@b.example'],
  ] as const;
  for (const [owner, firstName, lastName, email] of people) {
    const res = await t.request(owner, {
      method: 'POST',
      url: '/api/admin/sub-accounts',
      payload: { firstName, lastName, email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(() => t.close());

describe('GET /api/admin/sub-accounts/export', () => {
  it('gives an exhibitor with export_data its own sub-accounts only, as its list shows them', async () => {
    const shown = (await list(exporterA, 'sort=-email')).json().data as { email: string }[];
    const res = await download(exporterA, 'sort=-email&format=csv');
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual([
      'First name',
      'Last name',
      'Email',
      'Exhibitor',
      'Event',
      'Status',
      'Last sign-in (UTC)',
      'Created (UTC)',
    ]);
    expect(rows.map((row) => row[2])).toEqual(shown.map((row) => row.email));
    expect(rows.map((row) => row[2])).toEqual(['formula@a.example', 'bjorn@a.example', 'ase@a.example']);
    expect(rows.some((row) => row.includes('carl@b.example'))).toBe(false);
    // Naming another exhibitor narrows its own scope to nothing rather than reaching the other's.
    expect(csvRows((await download(exporterA, `format=csv&exhibitorId=${w.exhibitorB.id}`)).body)).toHaveLength(1);
  });

  it('applies the search, and gives an admin of every event every exhibitor’s', async () => {
    const [, ...found] = csvRows((await download(exporterA, 'format=csv&search=lund')).body);
    expect(found.map((row) => row[2])).toEqual(['ase@a.example']);
    const [, ...all] = csvRows((await download(w.systemAdmin, 'format=csv')).body);
    expect(all.map((row) => row[2])).toEqual(expect.arrayContaining(['ase@a.example', 'carl@b.example']));
  });

  it('writes formula-like cells as text in .xlsx', async () => {
    const res = await download(exporterA, 'format=xlsx&search=formula');
    const [, row] = await xlsxRows(res.rawPayload);
    expect(row!.slice(0, 3)).toEqual(["'=1+2", '-3', 'formula@a.example']);
  });

  it('refuses a reader of the list without export_data, and anyone signed out', async () => {
    // Every built-in role that reads the list exports it; a role of the organiser's own may not.
    const reader = await userWith(t, ['view_sub_accounts'], { eventId: w.eventB });
    expect((await list(reader, '')).statusCode).toBe(200);
    expect((await download(reader, 'format=csv')).statusCode).toBe(403);
    expect((await download(null, 'format=csv')).statusCode).toBe(401);
  });
});
