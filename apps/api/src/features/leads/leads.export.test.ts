import type { Lead } from '@portal/shared/leads';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema/events';
import { leadExports } from '../../db/schema/leads';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';
import { capture, customField, parseCsv, scanOf, setLeadSettings, visitorBadge, visitorCategory } from './lead-fixtures';
import { EXPORT_BATCH_ROWS } from './leads.repository';

let t: TestApp;
let w: World;
let interest: number;
let budget: number;
const leadOf: Record<string, Lead> = {};

const download = (user: TestUser, query: string) => t.request(user, { method: 'GET', url: `/api/leads/export?${query}` });

async function sheetOf(res: { rawPayload: Buffer }): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  await t.db.update(events).set({ timezone: 'Europe/Athens' }).where(eq(events.id, w.eventA));
  const visitors = await visitorCategory(t, w.eventA, 'Επισκέπτης');
  await setLeadSettings(t, w.eventA, { releasedFields: ['email', 'category'] });
  interest = await customField(t, {
    eventId: w.eventA,
    exhibitorId: w.exhibitorA.id,
    label: 'Interest',
    type: 'multiselect',
    options: [
      { value: 'pumps', label: 'Pumps' },
      { value: 'valves', label: 'Valves' },
    ],
    sortOrder: 2,
  });
  budget = await customField(t, { eventId: w.eventA, exhibitorId: w.exhibitorA.id, label: '=Budget', type: 'number', sortOrder: 1 });
  await customField(t, { eventId: w.eventA, exhibitorId: w.exhibitorA.id, label: 'Business card', type: 'file', sortOrder: 3 });
  const people = [
    ['Žanete', 'Ķirse', 'zanete@example.lv', '2026-05-09T07:00:00Z', { rating: 'hot', tags: ['pumps', 'eu'], answers: { [interest]: ['pumps', 'valves'], [budget]: 25000 } }],
    ['Σοφία', 'Αλεξίου', 'sofia@example.gr', '2026-05-09T08:00:00Z', { rating: 'warm', note: { id: 'greek-note-1', text: 'Καλή συνάντηση' } }],
    ['Дмитрий', 'Иванов', 'dmitry@example.ru', '2026-05-09T09:00:00Z', { tags: ['eu'] }],
    ['=HYPERLINK("http://evil.example","click")', '+cmd', '@sum@example.com', '2026-05-09T10:00:00Z', {}],
  ] as const;
  for (const [firstName, lastName, email, scannedAt, extra] of people) {
    const badge = await visitorBadge(t, { eventId: w.eventA, categoryId: visitors, firstName, lastName, email });
    const res = await capture(t, w.subAccountA, { ...scanOf(badge.code, extra), scannedAt });
    expect(res.statusCode).toBe(201);
    leadOf[lastName] = res.json().data.lead;
  }
  await t.request(w.exhibitorA, { method: 'PUT', url: `/api/leads/${leadOf['Αλεξίου']!.id}`, payload: { notes: [{ id: 'owner-note-1', text: 'Send, "the" offer' }] } });
});
afterAll(() => t.close());

const HEADER = [
  'Scanned at (Europe/Athens)',
  'Scanned by',
  'First name',
  'Last name',
  'Company',
  'Email',
  'Badge category',
  'Rating',
  'Tags',
  'Notes',
  "'=Budget",
  'Interest',
];

describe('the lead export', () => {
  it('writes CSV with the released fields, the qualification and one column per question, formulas as text', async () => {
    const res = await download(w.exhibitorA, 'format=csv&sort=scannedAt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''leads-${w.exhibitorA.id}.csv`);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual(HEADER);
    expect(rows).toHaveLength(5);
    const scanner = leadOf['Ķirse']!.scannedBy.name;
    expect(rows[1]).toEqual(['2026-05-09 10:00:00', scanner, 'Žanete', 'Ķirse', '', 'zanete@example.lv', 'Επισκέπτης', 'Hot', 'pumps, eu', '', '25000', 'Pumps, Valves']);
    expect(rows[2]!.slice(2, 4)).toEqual(['Σοφία', 'Αλεξίου']);
    expect(rows[2]![9]!.split('\n')).toEqual([`${scanner}: Καλή συνάντηση`, expect.stringMatching(/: Send, "the" offer$/)]);
    expect(rows[3]!.slice(2, 4)).toEqual(['Дмитрий', 'Иванов']);
    // A visitor named like a formula stays text: behind an apostrophe, never run.
    expect(rows[4]!.slice(2, 6)).toEqual(['\'=HYPERLINK("http://evil.example","click")', "'+cmd", '', "'@sum@example.com"]);
  });

  it('writes .xlsx with every cell text and the same rows', async () => {
    const res = await download(w.exhibitorA, 'format=xlsx&sort=scannedAt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const rows = await sheetOf(res);
    expect(rows[0]).toEqual(HEADER);
    expect(rows).toHaveLength(5);
    expect(rows[1]!.slice(2, 4)).toEqual(['Žanete', 'Ķirse']);
    expect(rows[2]!.slice(2, 4)).toEqual(['Σοφία', 'Αλεξίου']);
    expect(rows[3]!.slice(2, 4)).toEqual(['Дмитрий', 'Иванов']);
    expect(rows[4]![2]).toBe('\'=HYPERLINK("http://evil.example","click")');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    for (const cell of [workbook.worksheets[0]!.getRow(5).getCell(3), workbook.worksheets[0]!.getRow(1).getCell(11)]) {
      expect(cell.type).toBe(ExcelJS.ValueType.String);
    }
  });

  it('takes the list’s filters and sort, and the caller’s reach', async () => {
    const hot = parseCsv((await download(w.exhibitorA, 'format=csv&rating=hot')).body);
    expect(hot.slice(1).map((row) => row[3])).toEqual(['Ķirse']);
    const eu = parseCsv((await download(w.exhibitorA, 'format=csv&tag=eu&sort=-scannedAt')).body);
    expect(eu.slice(1).map((row) => row[3])).toEqual(['Иванов', 'Ķirse']);
    const nextDay = parseCsv((await download(w.exhibitorA, 'format=csv&day=2026-05-10')).body);
    expect(nextDay).toHaveLength(1);
    // Exhibitor B has no leads: a header and nothing else, never A's.
    const other = parseCsv((await download(w.exhibitorB, 'format=csv')).body);
    expect(other).toEqual([['Scanned at (UTC)', 'Scanned by', 'First name', 'Last name', 'Company', 'Rating', 'Tags', 'Notes']]);
    const bad = await download(w.exhibitorA, 'format=pdf');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('format');
  });

  it('logs every export with who, the format, the rows and the filters; the log is for the exhibitor’s account', async () => {
    await t.db.delete(leadExports);
    await download(w.subAccountA, 'format=csv&rating=warm&search=Σοφ');
    await download(w.exhibitorA, 'format=xlsx');
    const stored = await t.db.select().from(leadExports).orderBy(leadExports.id);
    expect(stored.map(({ adminId, format, rows, filters, exhibitorId, eventId }) => ({ adminId, format, rows, filters, exhibitorId, eventId }))).toEqual([
      { adminId: w.subAccountA.id, format: 'csv', rows: 1, filters: { rating: 'warm', search: 'Σοφ' }, exhibitorId: w.exhibitorA.id, eventId: w.eventA },
      { adminId: w.exhibitorA.id, format: 'xlsx', rows: 4, filters: {}, exhibitorId: w.exhibitorA.id, eventId: w.eventA },
    ]);
    const log = await t.request(w.exhibitorA, { method: 'GET', url: '/api/leads/exports' });
    expect(log.statusCode).toBe(200);
    expect(log.json().meta).toMatchObject({ total: 2 });
    expect(log.json().data.map((entry: { format: string; rows: number }) => [entry.format, entry.rows])).toEqual([
      ['xlsx', 4],
      ['csv', 1],
    ]);
    expect(log.json().data[1].byName).toBe(leadOf['Ķirse']!.scannedBy.name);
    expect((await t.request(w.subAccountA, { method: 'GET', url: '/api/leads/exports' })).statusCode).toBe(403);
    expect((await t.request(w.exhibitorB, { method: 'GET', url: '/api/leads/exports' })).json().data).toEqual([]);
  });

  it('streams more leads than one batch, each once, in order', async () => {
    const count = EXPORT_BATCH_ROWS + 1;
    await t.db.execute(sql`
      insert into leads (event_id, exhibitor_id, badge_id, first_name, last_name, company, scanned_by_name, scanned_at)
      select ${w.eventB}, ${w.exhibitorB.id}, null, 'Guest', 'G' || lpad(g::text, 5, '0'), null, 'Door', now() - make_interval(secs => g)
        from generate_series(1, ${count}) g`);
    const res = await download(w.exhibitorB, 'format=csv&sort=name');
    const names = parseCsv(res.body)
      .slice(1)
      .map((row) => row[3]);
    expect(names).toHaveLength(count);
    expect(names).toEqual([...names].sort());
    expect(new Set(names).size).toBe(count);
    const [logged] = await t.db.select().from(leadExports).where(eq(leadExports.exhibitorId, w.exhibitorB.id)).orderBy(sql`id desc`).limit(1);
    expect(logged!.rows).toBe(count);
  });
});
