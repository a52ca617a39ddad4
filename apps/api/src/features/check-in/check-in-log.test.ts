import type { CheckInLogEntry } from '@portal/shared/check-in';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badges } from '../../db/schema/badges';
import { checkInDevices, checkIns, checkInLists } from '../../db/schema/check-in';
import { events } from '../../db/schema/events';
import { createTestApp, createWorld, type TestApp, type World } from '../../test/harness';
import { EXPORT_BATCH_ROWS } from './check-in-log.repository';
import { eq } from 'drizzle-orm';

let t: TestApp;
let w: World;
let hall: number;
let lounge: number;
let hallB: number;
let north: number;
let south: number;
let formulaBadge: { id: number; code: string };
/** The scans of event A, oldest recorded first. */
const ids: Record<string, number> = {};

const at = (minute: number) => new Date(Date.UTC(2027, 4, 9, 8, minute));

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  await t.db.update(events).set({ timezone: 'Europe/Oslo' }).where(eq(events.id, w.eventA));
  const lists = await t.db
    .insert(checkInLists)
    .values([
      { eventId: w.eventA, name: 'Hall', rules: [{ badgeType: 'exhibitor', windows: [] }] },
      { eventId: w.eventA, name: 'Lounge', rules: [{ badgeType: 'vip', windows: [] }] },
      { eventId: w.eventB, name: 'Hall B', rules: [{ badgeType: 'exhibitor', windows: [] }] },
    ])
    .returning({ id: checkInLists.id });
  [hall, lounge, hallB] = lists.map((l) => l.id) as [number, number, number];
  const devices = await t.db
    .insert(checkInDevices)
    .values([
      { eventId: w.eventA, name: 'North door' },
      { eventId: w.eventA, name: 'South door' },
      { eventId: w.eventB, name: 'B door' },
    ])
    .returning({ id: checkInDevices.id });
  [north, south] = devices.map((d) => d.id) as [number, number];
  const [formula] = await t.db
    .insert(badges)
    .values({
      eventId: w.eventA,
      badgeCategoryId: w.categoryA,
      exhibitorId: w.exhibitorA.id,
      firstName: '=HYPERLINK("http://evil.example")',
      lastName: 'X',
      email: 'f@a.example',
      badgeType: 'exhibitor',
      code: 'FORMULA234',
    })
    .returning({ id: badges.id, code: badges.code });
  formulaBadge = formula!;

  const scan = (name: string, minute: number, values: Partial<typeof checkIns.$inferInsert>) => ({
    eventId: w.eventA,
    listId: hall,
    deviceId: north,
    badgeId: w.badgeA,
    code: 'ACODE',
    holderName: 'Ada A',
    direction: 'entry' as const,
    method: 'camera' as const,
    result: 'admitted' as const,
    nonce: `nonce-${name}`,
    scannedAt: at(minute),
    recordedAt: at(minute),
    ...values,
  });
  const rows = [
    ['first', 0, {}],
    ['again', 1, { result: 'already_checked_in' as const }],
    [
      'lounge',
      2,
      {
        listId: lounge,
        deviceId: south,
        result: 'not_admitted' as const,
        reason: 'Exhibitor badges are not admitted at Lounge',
      },
    ],
    ['unknown', 3, { badgeId: null, code: 'NOSUCHCODE', holderName: null, result: 'unknown' as const }],
    // Scanned offline at 08:04, recorded at 08:30: a conflict still open.
    [
      'conflict',
      4,
      {
        deviceId: south,
        offline: true,
        localResult: 'admitted',
        result: 'already_checked_in' as const,
        conflict: true,
        recordedAt: at(30),
      },
    ],
    [
      'resolved',
      5,
      {
        deviceId: south,
        offline: true,
        localResult: 'admitted',
        result: 'cancelled' as const,
        conflict: true,
        conflictResolvedAt: at(40),
      },
    ],
    [
      'formula',
      6,
      { badgeId: formulaBadge.id, code: formulaBadge.code, holderName: '=HYPERLINK("http://evil.example") X' },
    ],
  ] as const;
  for (const [name, minute, values] of rows) {
    const [row] = await t.db
      .insert(checkIns)
      .values(scan(name, minute, values))
      .returning({ id: checkIns.id });
    ids[name] = row!.id;
  }
  await t.db.insert(checkIns).values({
    eventId: w.eventB,
    listId: hallB,
    badgeId: w.badgeB,
    code: 'BCODE',
    holderName: 'Bo B',
    direction: 'entry',
    method: 'camera',
    result: 'admitted',
    nonce: 'nonce-b',
    scannedAt: at(0),
  });
});
afterAll(() => t.close());

const log = async (query: Record<string, string> = {}) => {
  const res = await t.request(w.eventAdminA, {
    method: 'GET',
    url: `/api/admin/events/${w.eventA}/check-ins?${new URLSearchParams(query).toString()}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: CheckInLogEntry[]; meta: { total: number; page: number; total_pages: number } };
};
const namesOf = async (query: Record<string, string> = {}) => {
  const byId = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
  return (await log(query)).data.map((entry) => byId[entry.id]);
};

describe('the check-in log', () => {
  it('lists the event’s scans newest recorded first, with list, device, holder and company', async () => {
    expect(await namesOf()).toEqual(['conflict', 'formula', 'resolved', 'unknown', 'lounge', 'again', 'first']);
    const { data, meta } = await log();
    expect(meta.total).toBe(7);
    expect(data.find((e) => e.id === ids.lounge)).toMatchObject({
      listId: lounge,
      listName: 'Lounge',
      deviceId: south,
      deviceName: 'South door',
      badgeId: w.badgeA,
      code: 'ACODE',
      holderName: 'Ada A',
      company: 'Company A',
      direction: 'entry',
      method: 'camera',
      result: 'not_admitted',
      reason: 'Exhibitor badges are not admitted at Lounge',
      scannedAt: '2027-05-09T08:02:00.000Z',
      offline: false,
      localResult: null,
      conflict: false,
      undoneAt: null,
    });
    expect(data.find((e) => e.id === ids.unknown)).toMatchObject({ badgeId: null, holderName: null, company: null });
  });

  it.each([
    ['listId', () => ({ listId: String(lounge) }), ['lounge']],
    ['deviceId', () => ({ deviceId: String(south) }), ['conflict', 'resolved', 'lounge']],
    ['result', () => ({ result: 'already_checked_in' }), ['conflict', 'again']],
    ['open conflicts', () => ({ conflicts: 'open' }), ['conflict']],
    ['all conflicts', () => ({ conflicts: 'all' }), ['conflict', 'resolved']],
    [
      'scan times from and to',
      () => ({ from: '2027-05-09T10:02:00+02:00', to: '2027-05-09T08:05:00Z' }),
      ['conflict', 'unknown', 'lounge'],
    ],
    ['a holder’s name', () => ({ search: 'hyperlink' }), ['formula']],
    ['a code', () => ({ search: 'nosuch' }), ['unknown']],
    ['a company', () => ({ search: 'company a' }), ['conflict', 'formula', 'resolved', 'lounge', 'again', 'first']],
    ['a search with LIKE’s characters', () => ({ search: '%' }), []],
    [
      'filters together',
      () => ({ listId: String(hall), deviceId: String(north), result: 'admitted' }),
      ['formula', 'first'],
    ],
  ])('filters by %s', async (_name, query, expected) => {
    expect(await namesOf(query())).toEqual(expected);
  });

  it('pages in the database, without overlap', async () => {
    const second = await log({ per_page: '3', page: '2' });
    expect(second.meta).toMatchObject({ page: 2, total: 7, total_pages: 3 });
    expect(second.data.map((e) => e.id)).toEqual([ids.unknown, ids.lounge, ids.again]);
    expect((await log({ per_page: '3', page: '3' })).data.map((e) => e.id)).toEqual([ids.first]);
  });

  it('refuses bad filters with 400 at the field', async () => {
    for (const [field, value] of [
      ['result', 'maybe'],
      ['conflicts', 'some'],
      ['from', 'yesterday'],
      ['listId', 'x'],
    ] as const) {
      const res = await t.request(w.eventAdminA, {
        method: 'GET',
        url: `/api/admin/events/${w.eventA}/check-ins?${field}=${value}`,
      });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().details[0].field).toBe(field);
    }
  });

  it('is not another event’s: B’s admin gets 404, A’s log never holds B’s scans', async () => {
    expect(
      (await t.request(w.eventAdminB, { method: 'GET', url: `/api/admin/events/${w.eventA}/check-ins` })).statusCode,
    ).toBe(404);
    expect((await log({ search: 'Bo B' })).data).toEqual([]);
    expect(
      (await t.request(w.exhibitorA, { method: 'GET', url: `/api/admin/events/${w.eventA}/check-ins` })).statusCode,
    ).toBe(403);
  });
});

describe('the check-in export', () => {
  const download = (query: string) =>
    t.request(w.eventAdminA, { method: 'GET', url: `/api/admin/events/${w.eventA}/check-ins/export?${query}` });

  it('writes the filtered log as CSV, times in the event’s zone, a formula as text', async () => {
    const res = await download('format=csv&listId=' + hall + '&deviceId=' + north);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`check-ins-event-${w.eventA}.csv`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toMatch(
      /^Scanned at \(Europe\/Oslo\),Recorded at \(Europe\/Oslo\),List,Device,Code,Holder,Company,/,
    );
    expect(lines).toHaveLength(5);
    expect(lines[1]).toBe(
      `2027-05-09 10:06:00,2027-05-09 10:06:00,Hall,North door,FORMULA234,"'=HYPERLINK(""http://evil.example"") X",Company A,entry,camera,Admitted,,No,,No,,,`,
    );
    expect(lines.at(-1)).toContain(
      '2027-05-09 10:00:00,2027-05-09 10:00:00,Hall,North door,ACODE,Ada A,Company A,entry,camera,Admitted',
    );
  });

  it('writes it as .xlsx with every cell text, a formula never run', async () => {
    const res = await download('format=xlsx&conflicts=all');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(6).value).toBe('Ada A');
    expect(sheet.getRow(2).getCell(13).value).toBe('Admitted');
    expect(sheet.getRow(2).getCell(14).value).toBe('Yes');

    const all = await download('format=xlsx&search=hyperlink');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(all.rawPayload as unknown as ArrayBuffer);
    const holder = book.worksheets[0]!.getRow(2).getCell(6);
    expect(holder.type).toBe(ExcelJS.ValueType.String);
    expect(holder.value).toBe(`'=HYPERLINK("http://evil.example") X`);
  });

  it('streams a log longer than one batch whole', async () => {
    const many = Array.from({ length: EXPORT_BATCH_ROWS + 1 }, (_, i) => ({
      eventId: w.eventB,
      listId: hallB,
      code: `MANY${i}`,
      holderName: `Guest ${i}`,
      direction: 'entry' as const,
      method: 'typed' as const,
      result: 'unknown' as const,
      nonce: `many-${i}`,
      scannedAt: at(10),
    }));
    await t.db.insert(checkIns).values(many);
    const res = await t.request(w.eventAdminB, {
      method: 'GET',
      url: `/api/admin/events/${w.eventB}/check-ins/export?format=csv&search=Guest`,
    });
    const lines = res.body.trimEnd().split('\r\n').slice(1);
    expect(lines).toHaveLength(EXPORT_BATCH_ROWS + 1);
    expect(new Set(lines.map((line) => line.split(',')[4])).size).toBe(EXPORT_BATCH_ROWS + 1);
  });

  it('refuses another event’s admin and an unknown format', async () => {
    expect(
      (
        await t.request(w.eventAdminB, {
          method: 'GET',
          url: `/api/admin/events/${w.eventA}/check-ins/export?format=csv`,
        })
      ).statusCode,
    ).toBe(404);
    const bad = await download('format=pdf');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('format');
  });
});
