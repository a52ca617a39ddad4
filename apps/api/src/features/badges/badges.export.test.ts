import { SYSTEM_ROLE_NAMES } from '@portal/shared/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeFieldValues, badges, customFields } from '../../db/schema/badges';
import { csvRows, userWith, xlsxRows } from '../../test/export-files';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';

let t: TestApp;
let w: World;
let exporterA: TestUser;
let otherExhibitorA: TestUser;

const download = (user: TestUser | null, query: string) =>
  t.request(user, { method: 'GET', url: `/api/users/export?${query}` });
const list = (user: TestUser, query: string) =>
  t.request(user, { method: 'GET', url: `/api/users?per_page=100&${query}` });

let code = 0;
async function badge(
  exhibitorId: number,
  firstName: string,
  lastName: string,
  extra: Partial<typeof badges.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(badges)
    .values({
      eventId: w.eventA,
      badgeCategoryId: w.categoryA,
      exhibitorId,
      firstName,
      lastName,
      email: `${lastName.toLowerCase()}${++code}@badges.example`,
      badgeType: 'exhibitor',
      code: `EXPORT${code}`,
      ...extra,
    })
    .returning({ id: badges.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  exporterA = await userWith(t, ['export_data'], {
    eventId: w.eventA,
    companyId: w.companyA,
    baseRoles: [SYSTEM_ROLE_NAMES.exhibitor],
  });
  otherExhibitorA = await t.createUser({
    roles: [SYSTEM_ROLE_NAMES.exhibitor],
    eventId: w.eventA,
    companyId: w.companyA,
  });
  const [diet, shirt] = await t.db
    .insert(customFields)
    .values([
      {
        eventId: w.eventA,
        label: 'Diet',
        key: 'diet_export',
        type: 'select',
        sortOrder: 1,
        options: [{ value: 'veg', label: 'Vegetarian' }],
      },
      {
        eventId: w.eventA,
        badgeCategoryId: w.categoryA,
        label: '=Shirt',
        key: 'shirt_export',
        type: 'text',
        sortOrder: 2,
      },
    ])
    .returning({ id: customFields.id });
  const berg = await badge(exporterA.id, 'Åsa', 'Berg');
  const evil = await badge(exporterA.id, '=1+2', 'Zed');
  await badge(exporterA.id, 'Carl', 'Cancelled', { status: 'cancelled' });
  await badge(otherExhibitorA.id, 'Dora', 'Other');
  await t.db.insert(badgeFieldValues).values([
    { badgeId: berg, customFieldId: diet!.id, value: 'veg' },
    { badgeId: berg, customFieldId: shirt!.id, value: 'L' },
    { badgeId: evil, customFieldId: shirt!.id, value: '@SUM(A1:A9)' },
  ]);
});
afterAll(() => t.close());

describe('GET /api/users/export', () => {
  it('writes the list’s rows, with a column for each custom field of the event and its category', async () => {
    const query = `status=active&sort=-name&eventId=${w.eventA}`;
    const shown = (await list(w.eventAdminA, query)).json().data as { email: string }[];
    const res = await download(w.eventAdminA, `${query}&format=csv`);
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = csvRows(res.body);
    expect(header!.slice(0, 3)).toEqual(['First name', 'Last name', 'Email']);
    // Event B's field has no column; the header that looks like a formula is text.
    expect(header!.slice(-2)).toEqual(['Diet', "'=Shirt"]);
    expect(rows.map((row) => row[2])).toEqual(shown.map((row) => row.email));
    expect(rows.map((row) => row[1])).toEqual(['Zed', 'Other', 'Berg', 'A']);
    const berg = rows.find((row) => row[1] === 'Berg')!;
    expect(berg.slice(-2)).toEqual(['Vegetarian', 'L']);
  });

  it('gives an exhibitor with export_data its own badges only', async () => {
    const [, ...rows] = csvRows((await download(exporterA, 'format=csv&sort=name')).body);
    expect(rows.map((row) => row[1])).toEqual(['Berg', 'Cancelled', 'Zed']);
    // Naming another exhibitor's badges narrows to nothing.
    const [, ...foreign] = csvRows((await download(exporterA, `format=csv&exhibitorId=${otherExhibitorA.id}`)).body);
    expect(foreign).toEqual([]);
  });

  it('writes formula-like names and answers as text in .xlsx', async () => {
    const res = await download(exporterA, 'format=xlsx&search=zed');
    expect(res.statusCode).toBe(200);
    const [header, row] = await xlsxRows(res.rawPayload);
    expect(row![0]).toBe("'=1+2");
    expect(row![header!.indexOf("'=Shirt")]).toBe("'@SUM(A1:A9)");
  });

  it('refuses a user without export_data, one who may not read the list, and anyone signed out; another exhibitor gets none of these', async () => {
    const reader = await userWith(t, ['view_users'], { eventId: w.eventA });
    expect((await list(reader, '')).statusCode).toBe(200);
    expect((await download(reader, 'format=csv')).statusCode).toBe(403);
    const exportOnly = await userWith(t, ['export_data'], { eventId: w.eventA });
    expect((await download(exportOnly, 'format=csv')).statusCode).toBe(403);
    // The built-in exhibitor role exports, its own badges only: exhibitor B of event B has none of these.
    const ofB = await download(w.exhibitorB, 'format=csv');
    expect(ofB.statusCode).toBe(200);
    const ofEventA = new Set(((await list(w.eventAdminA, '')).json().data as { email: string }[]).map((row) => row.email));
    const [, ...rowsOfB] = csvRows(ofB.body);
    expect(ofEventA.size).toBeGreaterThan(0);
    expect(rowsOfB.filter((row) => ofEventA.has(row[2]!))).toEqual([]);
    expect((await download(null, 'format=csv')).statusCode).toBe(401);
  });

  it('answers under the exhibitor-users name too', async () => {
    const res = await t.request(exporterA, { method: 'GET', url: '/api/admin/exhibitor-users/export?format=csv' });
    expect(res.statusCode).toBe(200);
    expect(csvRows(res.body)).toHaveLength(4);
  });
});
