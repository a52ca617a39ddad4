import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeListItemSchema } from '@portal/shared/badges';
import { listResponseSchema } from '@portal/shared/common';
import { ptFromMm } from '@portal/shared/badge-prints';
import { count, eq, inArray } from 'drizzle-orm';
import { badgePrints } from '../../db/schema/badge-prints';
import { badgeCategories, badgeFieldValues, badges, customFields } from '../../db/schema/badges';
import { companies } from '../../db/schema/companies';
import { SYSTEM_ROLE_NAMES } from '@portal/shared/roles';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';
import { pdfText, pdfWordBoxes, poppler } from '../../test/pdf';

let t: TestApp;
let w: World;
/** Badges of event A by name: the exhibitor's (Company A), a second exhibitor's (Borealis), the organiser's (no company). */
let ids: Record<string, number>;
let otherExhibitor: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  const [borealis] = await t.db.insert(companies).values({ name: 'Borealis', eventId: w.eventA }).returning({ id: companies.id });
  otherExhibitor = await t.createUser({ roles: [SYSTEM_ROLE_NAMES.exhibitor], eventId: w.eventA, companyId: borealis!.id });
  const rows = [
    { firstName: 'Zoe', lastName: 'Zed', exhibitorId: w.exhibitorA.id },
    { firstName: 'Ann', lastName: 'Ash', exhibitorId: w.exhibitorA.id },
    { firstName: 'Lea', lastName: 'Sub', exhibitorId: w.exhibitorA.id, createdByAdminId: w.subAccountA.id },
    { firstName: 'Bjørn', lastName: 'Berg', exhibitorId: otherExhibitor.id },
    { firstName: 'Oda', lastName: 'Organiser', exhibitorId: null },
    { firstName: 'Gone', lastName: 'Cancelled', exhibitorId: w.exhibitorA.id, status: 'cancelled' as const },
  ];
  const inserted = await t.db
    .insert(badges)
    .values(
      rows.map((row, i) => ({
        ...row,
        eventId: w.eventA,
        badgeCategoryId: w.categoryA,
        email: `print${i}@people.example`,
        badgeType: 'exhibitor' as const,
        code: `PRINT${i}CODE`,
      })),
    )
    .returning({ id: badges.id, lastName: badges.lastName });
  ids = Object.fromEntries(inserted.map((row) => [row.lastName, row.id]));
  // The world's own badge of event A would print too: out of the way.
  await t.db.delete(badges).where(eq(badges.id, w.badgeA));
});
afterAll(() => t.close());

const run = (as: TestUser, payload: object) => t.request(as, { method: 'POST', url: '/api/admin/badge-prints', payload });
const pagesOf = async (pdf: Buffer) => Number(/Pages:\s+(\d+)/.exec(await poppler('pdfinfo', pdf))![1]);
const pageSizeOf = async (pdf: Buffer) => /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(await poppler('pdfinfo', pdf))!.slice(1).map(Number);
/** The holders' last names in the order the PDF reads them. */
async function namesIn(pdf: Buffer): Promise<string[]> {
  const text = await pdfText(pdf);
  return Object.keys(ids)
    .map((name) => [name, text.indexOf(name)] as const)
    .filter(([, at]) => at >= 0)
    .sort((a, b) => a[1] - b[1])
    .map(([name]) => name);
}
async function printCounts() {
  const rows = await t.db
    .select({ lastName: badges.lastName, printCount: count(badgePrints.id) })
    .from(badges)
    .leftJoin(badgePrints, eq(badgePrints.badgeId, badges.id))
    .where(inArray(badges.id, Object.values(ids)))
    .groupBy(badges.id);
  return Object.fromEntries(rows.map((row) => [row.lastName, row.printCount]));
}
async function resetPrints() {
  await t.db.delete(badgePrints);
}

describe('print runs', () => {
  it('streams the category on A4, four to a sheet, by company then name, cancelled badges left out', async () => {
    await resetPrints();
    const res = await run(w.eventAdminA, { eventId: w.eventA, badgeCategoryId: w.categoryA, sheet: 'a4-4' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-badge-count']).toBe('5');
    const pdf = res.rawPayload;
    expect(await pagesOf(pdf)).toBe(2);
    expect((await pageSizeOf(pdf)).map(Math.round)).toEqual([595, 842]);
    // Borealis, then Company A (Ash, Sub, Zed), then the organiser's badge without a company.
    expect(await namesIn(pdf)).toEqual(['Berg', 'Ash', 'Sub', 'Zed', 'Organiser']);
    expect(await pdfText(pdf)).toContain('Bjørn');
    expect(await printCounts()).toEqual({ Zed: 1, Ash: 1, Sub: 1, Berg: 1, Organiser: 1, Cancelled: 0 });
  });

  it('sorts by category when asked, and prints one badge per page on its own page size', async () => {
    await resetPrints();
    const res = await run(w.eventAdminA, { eventId: w.eventA, badgeIds: [ids.Zed, ids.Organiser], sheet: 'single', sort: 'category' });
    expect(res.statusCode).toBe(200);
    expect(await pagesOf(res.rawPayload)).toBe(2);
    expect((await pageSizeOf(res.rawPayload)).map(Math.round)).toEqual([Math.round(ptFromMm(105)), Math.round(ptFromMm(148))]);
    expect(await namesIn(res.rawPayload)).toEqual(['Zed', 'Organiser']);
  });

  it('prints the company and the category on the badge through its layout', async () => {
    await resetPrints();
    const res = await run(w.eventAdminA, { eventId: w.eventA, badgeIds: [ids.Ash], sheet: 'single' });
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Company A');
    expect(text).toContain('Exhibitor staff');
  });

  it('records each print and shows it on the badge and in the list’s printed filter', async () => {
    await resetPrints();
    await run(w.eventAdminA, { eventId: w.eventA, badgeIds: [ids.Zed, ids.Ash], sheet: 'a4-2' });
    const [record] = await t.db.select().from(badgePrints).where(eq(badgePrints.badgeId, ids.Zed!));
    expect(record).toMatchObject({ printedByAdminId: w.eventAdminA.id, sheet: 'a4-2', reason: null });

    const badge = (await t.request(w.eventAdminA, { method: 'GET', url: `/api/admin/exhibitor-users/${ids.Zed}` })).json().data;
    expect(badge).toMatchObject({ printCount: 1, lastPrintedBy: expect.stringMatching(/\S/) });
    expect(Date.parse(badge.lastPrintedAt)).toBeGreaterThan(Date.now() - 60_000);

    const list = (printed: string) =>
      t.request(w.eventAdminA, { method: 'GET', url: `/api/admin/exhibitor-users?badgeCategoryId=${w.categoryA}&printed=${printed}&sort=name` });
    const printed = await list('true');
    expect(listResponseSchema(badgeListItemSchema).safeParse(printed.json()).success).toBe(true);
    expect(printed.json().data.map((row: { lastName: string; printCount: number }) => [row.lastName, row.printCount])).toEqual([
      ['Ash', 1],
      ['Zed', 1],
    ]);
    expect(printed.json().meta.total).toBe(2);
    const unprinted = (await list('false')).json();
    expect(unprinted.meta.total).toBe(4);
    expect(unprinted.data.every((row: { printCount: number; lastPrintedAt: string | null }) => row.printCount === 0 && row.lastPrintedAt === null)).toBe(true);
    expect((await list('maybe')).statusCode).toBe(400);
  });

  it('refuses to print again without a reason (409, nothing recorded), then prints with one', async () => {
    await resetPrints();
    await run(w.eventAdminA, { eventId: w.eventA, badgeIds: [ids.Zed, ids.Ash], sheet: 'single' });
    const refused = await run(w.eventAdminA, { eventId: w.eventA, badgeCategoryId: w.categoryA, sheet: 'single' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      statusCode: 409,
      message: '2 badges were already printed: give a reason to print them again',
      alreadyPrinted: 2,
      examples: [
        { id: ids.Ash, name: 'Ann Ash', lastPrintedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
        { id: ids.Zed, name: 'Zoe Zed', lastPrintedAt: expect.any(String) },
      ],
    });
    expect(await printCounts()).toMatchObject({ Zed: 1, Ash: 1, Berg: 0, Organiser: 0 });
    expect(await t.db.$count(badgePrints)).toBe(2);

    const again = await run(w.eventAdminA, { eventId: w.eventA, badgeIds: [ids.Zed], sheet: 'single', reprintReason: 'Lost at the gate' });
    expect(again.statusCode).toBe(200);
    expect(await printCounts()).toMatchObject({ Zed: 2, Ash: 1 });
    const reasons = await t.db.select({ reason: badgePrints.reason }).from(badgePrints).where(eq(badgePrints.badgeId, ids.Zed!)).orderBy(badgePrints.id);
    expect(reasons.map((row) => row.reason)).toEqual([null, 'Lost at the gate']);
  });

  it('takes only the badges not printed yet when asked, and says when nothing is left', async () => {
    await resetPrints();
    await run(w.eventAdminA, { eventId: w.eventA, badgeIds: [ids.Zed, ids.Ash, ids.Sub], sheet: 'single' });
    const rest = await run(w.eventAdminA, { eventId: w.eventA, badgeCategoryId: w.categoryA, sheet: 'single', unprintedOnly: true });
    expect(rest.statusCode).toBe(200);
    expect(await namesIn(rest.rawPayload)).toEqual(['Berg', 'Organiser']);
    const none = await run(w.eventAdminA, { eventId: w.eventA, badgeCategoryId: w.categoryA, sheet: 'single', unprintedOnly: true });
    expect(none.statusCode).toBe(422);
  });

  it('never prints a cancelled badge, even chosen by id', async () => {
    await resetPrints();
    const res = await run(w.eventAdminA, { eventId: w.eventA, badgeIds: [ids.Cancelled], sheet: 'single' });
    expect(res.statusCode).toBe(422);
    expect(await printCounts()).toMatchObject({ Cancelled: 0 });
  });

  it('refuses a sheet the badge does not fit, naming the sizes', async () => {
    const res = await run(w.eventAdminA, { eventId: w.eventA, badgeIds: [ids.Zed], sheet: 'a4-6' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'sheet', message: 'A 105 × 148 mm badge does not fit “6 per A4 sheet”: choose a sheet with fewer badges per page' }]);
  });

  it('draws every badge through the event’s calibration', async () => {
    await resetPrints();
    const nameX = async () => {
      const res = await run(w.eventAdminA, { eventId: w.eventA, badgeIds: [ids.Zed], sheet: 'single', reprintReason: 'Calibration check' });
      return (await pdfWordBoxes(res.rawPayload)).find((box) => box.text === 'Zed')!.xMin;
    };
    const before = await nameX();
    const put = await t.request(w.eventAdminA, {
      method: 'PUT',
      url: `/api/admin/events/${w.eventA}/badge-print-settings`,
      payload: { offsetXMm: 10, offsetYMm: 0, scale: 1 },
    });
    expect(put.statusCode).toBe(200);
    expect((await nameX()) - before).toBeCloseTo(ptFromMm(10), 0);
    await t.request(w.eventAdminA, { method: 'PUT', url: `/api/admin/events/${w.eventA}/badge-print-settings`, payload: { offsetXMm: 0, offsetYMm: 0, scale: 1 } });
  });
});

describe('layouts in a run', () => {
  it('prints each badge with its layout (category over type over A6), starting a sheet where the layout changes', async () => {
    await resetPrints();
    const [press] = await t.db
      .insert(badgeCategories)
      .values({ eventId: w.eventA, name: 'Press', badgeType: 'exhibitor', sortOrder: 1 })
      .returning({ id: badgeCategories.id });
    const [role] = await t.db
      .insert(customFields)
      .values({ eventId: w.eventA, badgeCategoryId: press!.id, label: 'Role', key: 'press_role', type: 'select', options: [{ value: 'photo', label: 'Photographer' }] })
      .returning({ id: customFields.id });
    const pressBadges = await t.db
      .insert(badges)
      .values(['Quill', 'Lens'].map((lastName, i) => ({ eventId: w.eventA, badgeCategoryId: press!.id, firstName: 'Pia', lastName, email: `press${i}@people.example`, badgeType: 'exhibitor' as const, code: `PRESS${i}CODE` })))
      .returning({ id: badges.id });
    await t.db.insert(badgeFieldValues).values({ badgeId: pressBadges[0]!.id, customFieldId: role!.id, value: 'photo' });
    const text = { fontSize: 12, minFontSize: 6, bold: false, align: 'left', color: '#000000', uppercase: false };
    const created = await t.request(w.eventAdminA, {
      method: 'POST',
      url: `/api/admin/events/${w.eventA}/badge-layouts`,
      payload: {
        name: 'Press card',
        pageSize: 'cr80',
        elements: [
          { id: 'name', kind: 'name', x: 4, y: 4, width: 78, height: 12, ...text },
          { id: 'role', kind: 'field', customFieldId: role!.id, x: 4, y: 20, width: 78, height: 10, ...text },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const assigned = await t.request(w.eventAdminA, {
      method: 'PUT',
      url: `/api/admin/events/${w.eventA}/badge-layout-assignments`,
      payload: { assignments: [{ badgeType: 'exhibitor', badgeCategoryId: press!.id, layoutId: created.json().data.id }] },
    });
    expect(assigned.statusCode).toBe(200);

    // The A6 badges of the first category do not fit eight to a sheet: the run is refused whole.
    const refused = await run(w.eventAdminA, { eventId: w.eventA, sheet: 'a4-8', sort: 'category' });
    expect(refused.statusCode).toBe(400);
    expect(await t.db.$count(badgePrints)).toBe(0);

    const res = await run(w.eventAdminA, { eventId: w.eventA, sheet: 'a4-4', sort: 'category' });
    expect(res.statusCode).toBe(200);
    // Five A6 badges on two sheets, then the two press cards on a sheet of their own.
    expect(await pagesOf(res.rawPayload)).toBe(3);
    expect(await namesIn(res.rawPayload)).toEqual(['Berg', 'Ash', 'Sub', 'Zed', 'Organiser']);
    const all = await pdfText(res.rawPayload);
    expect(all.indexOf('Photographer')).toBeGreaterThan(all.indexOf('Organiser'));
    expect(all.indexOf('Quill')).toBeGreaterThan(all.indexOf('Lens'));

    await t.db.delete(badges).where(inArray(badges.id, pressBadges.map((badge) => badge.id)));
  });
});

describe('print scope', () => {
  it('lets an exhibitor print its own staff’s badges only: another’s badge answers 404', async () => {
    await resetPrints();
    expect((await run(w.exhibitorA, { eventId: w.eventA, badgeIds: [ids.Berg], sheet: 'single' })).statusCode).toBe(404);
    expect((await run(w.exhibitorA, { eventId: w.eventA, badgeIds: [ids.Zed, ids.Organiser], sheet: 'single' })).statusCode).toBe(404);
    const own = await run(w.exhibitorA, { eventId: w.eventA, badgeCategoryId: w.categoryA, sheet: 'a4-2' });
    expect(own.statusCode).toBe(200);
    expect(await namesIn(own.rawPayload)).toEqual(['Ash', 'Sub', 'Zed']);
    expect(await printCounts()).toMatchObject({ Berg: 0, Organiser: 0 });
  });

  it('lets a sub-account print the badges it registered only', async () => {
    await resetPrints();
    expect((await run(w.subAccountA, { eventId: w.eventA, badgeIds: [ids.Zed], sheet: 'single' })).statusCode).toBe(404);
    const own = await run(w.subAccountA, { eventId: w.eventA, badgeCategoryId: w.categoryA, sheet: 'single' });
    expect(await namesIn(own.rawPayload)).toEqual(['Sub']);
  });

  it('answers 404 for another event, or a category of another event', async () => {
    expect((await run(w.eventAdminB, { eventId: w.eventA, badgeCategoryId: w.categoryA, sheet: 'single' })).statusCode).toBe(404);
    expect((await run(w.eventAdminA, { eventId: w.eventA, badgeCategoryId: w.categoryB, sheet: 'single' })).statusCode).toBe(404);
    expect((await run(w.exhibitorB, { eventId: w.eventA, sheet: 'single' })).statusCode).toBe(404);
  });

  it('refuses callers without print_badges', async () => {
    expect((await run(w.noRole, { eventId: w.eventA, sheet: 'single' })).statusCode).toBe(403);
  });

  it('checks the body: a known sheet, ids, a reason of some words', async () => {
    const bad = await run(w.eventAdminA, { eventId: w.eventA, sheet: 'a3-12', badgeIds: [], reprintReason: '  ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { field: string }) => d.field).sort()).toEqual(['badgeIds', 'reprintReason', 'sheet']);
  });
});

describe('print settings and the test page', () => {
  const url = (eventId: number, rest = '') => `/api/admin/events/${eventId}/badge-print-settings${rest}`;

  it('starts uncalibrated and keeps what an organiser saves', async () => {
    const fresh = await t.request(w.eventAdminB, { method: 'GET', url: url(w.eventB) });
    expect(fresh.json()).toEqual({ data: { offsetXMm: 0, offsetYMm: 0, scale: 1 } });
    const saved = await t.request(w.eventAdminB, { method: 'PUT', url: url(w.eventB), payload: { offsetXMm: -2.5, offsetYMm: 1.2, scale: 0.98 } });
    expect(saved.statusCode).toBe(200);
    expect((await t.request(w.exhibitorB, { method: 'GET', url: url(w.eventB) })).json().data).toEqual({ offsetXMm: -2.5, offsetYMm: 1.2, scale: 0.98 });
  });

  it('refuses offsets beyond ±20 mm and a scale beyond 0.9–1.1, naming the field', async () => {
    const res = await t.request(w.eventAdminB, { method: 'PUT', url: url(w.eventB), payload: { offsetXMm: 25, offsetYMm: 0, scale: 1.5 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field).sort()).toEqual(['offsetXMm', 'scale']);
  });

  it('lets only organisers calibrate, and only their own event', async () => {
    const payload = { offsetXMm: 0, offsetYMm: 0, scale: 1 };
    expect((await t.request(w.exhibitorA, { method: 'PUT', url: url(w.eventA), payload })).statusCode).toBe(403);
    expect((await t.request(w.eventAdminA, { method: 'PUT', url: url(w.eventB), payload })).statusCode).toBe(404);
    expect((await t.request(w.eventAdminA, { method: 'GET', url: url(w.eventB) })).statusCode).toBe(404);
    expect((await t.request(w.exhibitorA, { method: 'GET', url: url(w.eventB, '/test-page.pdf') })).statusCode).toBe(404);
    expect((await t.request(w.noRole, { method: 'GET', url: url(w.eventA) })).statusCode).toBe(403);
  });

  it('draws the test page of a sheet: one page of its paper with rulers and the settings', async () => {
    const res = await t.request(w.eventAdminB, { method: 'GET', url: url(w.eventB, '/test-page.pdf?sheet=letter-4') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('calibration-letter-4.pdf');
    expect(await pagesOf(res.rawPayload)).toBe(1);
    expect((await pageSizeOf(res.rawPayload)).map(Math.round)).toEqual([612, 792]);
    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('4 per Letter sheet');
    expect(text).toContain('offset X -2.5 mm, offset Y 1.2 mm, scale 0.98');
    for (const mark of ['0', '50', '100']) expect(text.split(' ')).toContain(mark);
    expect((await t.request(w.eventAdminB, { method: 'GET', url: url(w.eventB, '/test-page.pdf?sheet=a5') })).statusCode).toBe(400);
  });
});

describe('the reprint check under concurrency', () => {
  it('never lets two runs at once both print a badge as a first print', async () => {
    await resetPrints();
    const [a, b] = await Promise.all([
      run(w.eventAdminA, { eventId: w.eventA, badgeIds: [ids.Zed], sheet: 'single' }),
      run(w.eventAdminA, { eventId: w.eventA, badgeIds: [ids.Zed], sheet: 'single' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await printCounts()).toMatchObject({ Zed: 1 });
    expect(await t.db.$count(badgePrints)).toBe(1);
  });
});
