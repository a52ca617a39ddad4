import type { BadgeLayout, BadgeLayoutInputBody } from '@portal/shared/badge-layouts';
import { and, eq } from 'drizzle-orm';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeLayouts } from '../../db/schema/badge-layouts';
import { badgeCategories, badges, customFields } from '../../db/schema/badges';
import { files } from '../../db/schema/files';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';
import { pdfImages, pdfText } from '../../test/pdf';
import { sweepOrphanFiles } from '../files/file-sweeper';
import { appFileStore } from '../files/stored-files.test-support';
import { solidPng } from '../invoices/png.test-support';

let t: TestApp;
let w: World;
let dataDir: string;
let visitorCategoryA: number;
let fieldA: number;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'portal-layouts-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  w = await createWorld(t);
  const [visitors] = await t.db.insert(badgeCategories).values({ eventId: w.eventA, name: 'Press', displayName: 'Press & Media', badgeType: 'visitor' }).returning({ id: badgeCategories.id });
  visitorCategoryA = visitors!.id;
  const [field] = await t.db
    .insert(customFields)
    .values({ eventId: w.eventA, badgeCategoryId: w.categoryA, label: 'Job title', key: 'job_title_layouts', type: 'text' })
    .returning({ id: customFields.id });
  fieldA = field!.id;
});
afterAll(() => t.close());

const name = { id: 'name', kind: 'name', x: 5, y: 30, width: 95, height: 30, fontSize: 30, minFontSize: 12 } as const;
const input = (overrides: Partial<BadgeLayoutInputBody> = {}): BadgeLayoutInputBody => ({
  name: 'Main hall',
  pageSize: 'a6',
  elements: [name, { id: 'qr', kind: 'qr', x: 35, y: 90, width: 35, height: 35 }],
  ...overrides,
});

async function create(eventId = w.eventA, body = input(), as: TestUser = w.eventAdminA): Promise<BadgeLayout> {
  const res = await t.request(as, { method: 'POST', url: `/api/admin/events/${eventId}/badge-layouts`, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const assign = (assignments: object[], as: TestUser = w.eventAdminA, eventId = w.eventA) =>
  t.request(as, { method: 'PUT', url: `/api/admin/events/${eventId}/badge-layout-assignments`, payload: { assignments } });

async function newBadge(values: { badgeCategoryId: number; badgeType: 'exhibitor' | 'visitor' | 'vip'; firstName?: string; lastName?: string; status?: 'active' | 'cancelled' }) {
  const code = `L${Math.random().toString(36).slice(2, 11).toUpperCase()}`;
  const [row] = await t.db
    .insert(badges)
    .values({ eventId: w.eventA, exhibitorId: w.exhibitorA.id, firstName: 'Ilse', lastName: 'Lang', email: `${code.toLowerCase()}@a.example`, code, ...values })
    .returning({ id: badges.id, code: badges.code });
  return row!;
}

const BOUNDARY = '----portal-layout-boundary';
function form(bytes: Buffer, type = 'image/png') {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

describe('badge layouts', () => {
  it('creates, reads, changes and lists layouts with their assignments', async () => {
    const created = await create();
    expect(created).toMatchObject({ eventId: w.eventA, name: 'Main hall', orientation: 'portrait', backgroundColor: null, builtIn: null, hasLogo: false });
    expect(created.elements[0]).toMatchObject({ kind: 'name', lines: 1, align: 'left', color: '#000000' });
    const changed = await t.request(w.eventAdminA, { method: 'PUT', url: `/api/admin/badge-layouts/${created.id}`, payload: input({ name: 'Renamed', backgroundColor: '#FFEEDD' }) });
    expect(changed.json().data).toMatchObject({ name: 'Renamed', backgroundColor: '#ffeedd' });
    const list = await t.request(w.exhibitorA, { method: 'GET', url: `/api/admin/events/${w.eventA}/badge-layouts` });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((l: BadgeLayout) => l.id)).toContain(created.id);
    expect(list.json().assignments).toEqual([]);
  });

  it('gives an event created through the API its two built-in layouts', async () => {
    const res = await t.request(w.systemAdmin, { method: 'POST', url: '/api/events', payload: { name: 'Fresh show' } });
    expect(res.statusCode, res.body).toBe(201);
    const list = await t.request(w.systemAdmin, { method: 'GET', url: `/api/admin/events/${res.json().data.id}/badge-layouts` });
    expect(list.json().data.map((l: BadgeLayout) => [l.builtIn, l.pageSize])).toEqual([
      ['a6', 'a6'],
      ['cr80', 'cr80'],
    ]);
  });

  it('refuses an element outside the page, a bad colour, too many elements and a field of another event, naming the field', async () => {
    const post = (body: object) => t.request(w.eventAdminA, { method: 'POST', url: `/api/admin/events/${w.eventA}/badge-layouts`, payload: body });
    const outside = await post(input({ elements: [{ ...name, x: 50, width: 60 }] }));
    expect(outside.statusCode).toBe(400);
    expect(outside.json().details).toEqual([{ field: 'elements.0.width', message: "Reaches past the badge's right edge (105 mm)" }]);
    const colour = await post(input({ elements: [{ ...name, color: 'blue' }] }));
    expect(colour.json().details).toEqual([{ field: 'elements.0.color', message: 'A colour as #rrggbb, such as #1d4ed8' }]);
    const many = await post(input({ elements: Array.from({ length: 41 }, (_, index) => ({ ...name, id: `n${index}` })) }));
    expect(many.json().details).toEqual([{ field: 'elements', message: 'At most 40 elements' }]);
    const field = { id: 'f', kind: 'field', x: 5, y: 70, width: 95, height: 10, fontSize: 12, minFontSize: 8 } as const;
    const foreign = await post(input({ elements: [{ ...field, customFieldId: w.fieldB }] }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details).toEqual([{ field: 'elements.0.customFieldId', message: 'Not a custom field of this event' }]);
    expect((await post(input({ elements: [{ ...field, customFieldId: fieldA }] }))).statusCode).toBe(201);
  });

  it('keeps layouts to organisers of their event', async () => {
    const layout = await create();
    for (const as of [w.exhibitorA, w.subAccountA, w.vipAdminA]) {
      expect((await t.request(as, { method: 'GET', url: `/api/admin/badge-layouts/${layout.id}` })).statusCode).toBe(403);
      expect((await t.request(as, { method: 'POST', url: `/api/admin/events/${w.eventA}/badge-layouts`, payload: input() })).statusCode).toBe(403);
      expect((await assign([], as)).statusCode).toBe(403);
    }
    expect((await t.request(w.eventAdminB, { method: 'GET', url: `/api/admin/badge-layouts/${layout.id}` })).statusCode).toBe(404);
    expect((await t.request(w.eventAdminB, { method: 'PUT', url: `/api/admin/badge-layouts/${layout.id}`, payload: input() })).statusCode).toBe(404);
    expect((await t.request(w.eventAdminB, { method: 'DELETE', url: `/api/admin/badge-layouts/${layout.id}` })).statusCode).toBe(404);
    expect((await t.request(w.exhibitorB, { method: 'GET', url: `/api/admin/events/${w.eventA}/badge-layouts` })).statusCode).toBe(404);
    expect((await assign([], w.eventAdminB)).statusCode).toBe(404);
    expect((await t.request(w.noRole, { method: 'GET', url: `/api/admin/events/${w.eventA}/badge-layouts` })).statusCode).toBe(403);
    expect((await t.request(w.noRole, { method: 'GET', url: `/api/admin/exhibitor-users/${w.badgeA}/badge.pdf` })).statusCode).toBe(403);
  });

  it('replaces assignments at once, refusing another event’s layout and a category of another type', async () => {
    const layout = await create();
    const other = await create(w.eventB, input(), w.eventAdminB);
    const refused = await assign([
      { badgeType: 'exhibitor', layoutId: other.id },
      { badgeType: 'exhibitor', badgeCategoryId: visitorCategoryA, layoutId: layout.id },
      { badgeType: 'exhibitor', badgeCategoryId: w.categoryB, layoutId: layout.id },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      { field: 'assignments.0.layoutId', message: 'Not a layout of this event' },
      { field: 'assignments.1.badgeCategoryId', message: "This category's badges are of type visitor" },
      { field: 'assignments.2.badgeCategoryId', message: 'Not a badge category of this event' },
    ]);
    const twice = await assign([{ badgeType: 'visitor', layoutId: layout.id }, { badgeType: 'visitor', layoutId: layout.id }]);
    expect(twice.json().details).toEqual([{ field: 'assignments.1.badgeCategoryId', message: 'Assigned twice' }]);

    const saved = await assign([{ badgeType: 'visitor', layoutId: layout.id }]);
    expect(saved.json().assignments).toEqual([{ badgeType: 'visitor', badgeCategoryId: null, layoutId: layout.id }]);
    const deleted = await t.request(w.eventAdminA, { method: 'DELETE', url: `/api/admin/badge-layouts/${layout.id}` });
    expect(deleted.statusCode).toBe(409);
    expect((await assign([])).json().assignments).toEqual([]);
    expect((await t.request(w.eventAdminA, { method: 'DELETE', url: `/api/admin/badge-layouts/${layout.id}` })).statusCode).toBe(204);
  });

  it('prints a badge with its category’s layout, else its type’s, else the A6 built-in', async () => {
    const typeLayout = await create(w.eventA, input({ name: 'Visitors', pageSize: 'a7', elements: [{ ...name, width: 60 }] }));
    const categoryLayout = await create(w.eventA, input({ name: 'Press', pageSize: 'cr80', elements: [{ ...name, x: 2, y: 2, width: 80, height: 20 }] }));
    const [generalVisitors] = await t.db.insert(badgeCategories).values({ eventId: w.eventA, name: 'General', badgeType: 'visitor' }).returning({ id: badgeCategories.id });
    const press = await newBadge({ badgeCategoryId: visitorCategoryA, badgeType: 'visitor' });
    const visitor = await newBadge({ badgeCategoryId: generalVisitors!.id, badgeType: 'visitor' });
    const exhibitor = await newBadge({ badgeCategoryId: w.categoryA, badgeType: 'exhibitor' });
    expect(
      (
        await assign([
          { badgeType: 'visitor', layoutId: typeLayout.id },
          { badgeType: 'visitor', badgeCategoryId: visitorCategoryA, layoutId: categoryLayout.id },
        ])
      ).statusCode,
    ).toBe(200);
    const pageSize = async (badgeId: number) => {
      const res = await t.request(w.eventAdminA, { method: 'GET', url: `/api/admin/exhibitor-users/${badgeId}/badge.pdf` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const box = res.rawPayload.toString('latin1').match(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/)!;
      return [Math.round(Number(box[1]) / (72 / 25.4)), Math.round(Number(box[2]) / (72 / 25.4))];
    };
    expect(await pageSize(press.id)).toEqual([86, 54]);
    expect(await pageSize(visitor.id)).toEqual([74, 105]);
    // The world's event has no stored built-ins: the A6 definition applies.
    expect(await pageSize(exhibitor.id)).toEqual([105, 148]);
    await assign([]);
  });

  it('serves one badge PDF to whoever may see the badge: 410 when cancelled, 404 when not visible', async () => {
    const badge = await newBadge({ badgeCategoryId: w.categoryA, badgeType: 'exhibitor', firstName: 'Jānis', lastName: 'Bērziņš' });
    const res = await t.request(w.exhibitorA, { method: 'GET', url: `/api/admin/exhibitor-users/${badge.id}/badge.pdf` });
    expect(res.statusCode).toBe(200);
    expect(await pdfText(res.rawPayload)).toContain('Jānis');
    expect((await t.request(w.subAccountA, { method: 'GET', url: `/api/admin/exhibitor-users/${badge.id}/badge.pdf` })).statusCode).toBe(404);
    expect((await t.request(w.exhibitorB, { method: 'GET', url: `/api/admin/exhibitor-users/${badge.id}/badge.pdf` })).statusCode).toBe(404);
    expect((await t.request(w.vipAdminA, { method: 'GET', url: `/api/admin/exhibitor-users/${badge.id}/badge.pdf` })).statusCode).toBe(404);
    const vip = await newBadge({ badgeCategoryId: w.vipCategoryA, badgeType: 'vip' });
    expect((await t.request(w.vipAdminA, { method: 'GET', url: `/api/admin/exhibitor-users/${vip.id}/badge.pdf` })).statusCode).toBe(200);
    const cancelled = await newBadge({ badgeCategoryId: w.categoryA, badgeType: 'exhibitor', status: 'cancelled' });
    const gone = await t.request(w.eventAdminA, { method: 'GET', url: `/api/admin/exhibitor-users/${cancelled.id}/badge.pdf` });
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ statusCode: 410, message: 'This badge is cancelled and is not printed' });
  });

  it('previews a layout as SVG with a badge, the longest name or a sample, and reports what does not fit', async () => {
    await newBadge({ badgeCategoryId: w.categoryA, badgeType: 'exhibitor', firstName: 'Maximilian Alexander', lastName: 'von Hohenzollern-Sigmaringen' });
    const preview = (body: object, as: TestUser = w.eventAdminA) => t.request(as, { method: 'POST', url: `/api/admin/events/${w.eventA}/badge-layouts/preview`, payload: body });
    const longest = await preview({ layout: input(), sample: 'longest' });
    expect(longest.statusCode, longest.body).toBe(200);
    expect(longest.json()).toMatchObject({ widthMm: 105, heightMm: 148, warnings: [] });
    expect(longest.json().svg).toContain('Hohenzollern-Sigmaringen');
    const sample = await preview({ layout: input({ pageSize: 'cr80', orientation: 'landscape', elements: [] }) });
    expect(sample.json()).toMatchObject({ widthMm: 53.98, heightMm: 85.6 });
    const own = await preview({ layout: input(), badgeId: w.badgeA });
    expect(own.json().svg).toContain('Ada');
    expect((await preview({ layout: input(), badgeId: w.badgeB })).statusCode).toBe(404);
    const tight = await preview({ layout: input({ elements: [{ ...name, width: 3, height: 1, fontSize: 10, minFontSize: 8 }] }), badgeId: w.badgeA });
    expect(tight.json().warnings).toEqual(['name element "name": "Ada A" does not fit its box even at 4 pt and runs past it']);
    expect((await preview({ layout: input() }, w.exhibitorA)).statusCode).toBe(403);
    expect((await t.request(w.eventAdminB, { method: 'POST', url: `/api/admin/events/${w.eventA}/badge-layouts/preview`, payload: { layout: input() } })).statusCode).toBe(404);
  });

  it('stores a logo and background, draws them, and keeps them through the file sweep', async () => {
    const layout = await create(w.eventA, input({ elements: [{ id: 'logo', kind: 'logo', x: 5, y: 5, width: 40, height: 20 }, name] }));
    const logoUrl = `/api/admin/badge-layouts/${layout.id}/logo`;
    expect((await t.request(w.eventAdminA, { method: 'PUT', url: logoUrl, ...form(Buffer.from('not a picture')) })).statusCode).toBe(400);
    expect((await t.request(w.eventAdminB, { method: 'PUT', url: logoUrl, ...form(solidPng(20, 10)) })).statusCode).toBe(404);
    const saved = await t.request(w.eventAdminA, { method: 'PUT', url: logoUrl, ...form(solidPng(40, 20)) });
    expect(saved.json().data).toMatchObject({ hasLogo: true, hasBackgroundImage: false });
    const background = await t.request(w.eventAdminA, { method: 'PUT', url: `/api/admin/badge-layouts/${layout.id}/background`, ...form(solidPng(10, 14, [240, 240, 200])) });
    expect(background.json().data).toMatchObject({ hasLogo: true, hasBackgroundImage: true });
    const image = await t.request(w.eventAdminA, { method: 'GET', url: logoUrl });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(solidPng(40, 20))).toBe(true);

    await sweepOrphanFiles({ db: t.db, store: appFileStore(t.database, dataDir).store, graceMs: 0, now: new Date(Date.now() + 60_000) });
    const kept = await t.db.select({ id: files.id }).from(files).where(and(eq(files.purpose, 'badge-layout'), eq(files.eventId, w.eventA)));
    expect(kept).toHaveLength(2);

    const preview = await t.request(w.eventAdminA, { method: 'POST', url: `/api/admin/events/${w.eventA}/badge-layouts/preview`, payload: { layout: input({ elements: [{ id: 'logo', kind: 'logo', x: 5, y: 5, width: 40, height: 20 }] }), layoutId: layout.id } });
    expect(preview.json().svg.match(/<image /g)).toHaveLength(2);
    await assign([{ badgeType: 'exhibitor', badgeCategoryId: w.categoryA, layoutId: layout.id }]);
    const pdf = await t.request(w.eventAdminA, { method: 'GET', url: `/api/admin/exhibitor-users/${w.badgeA}/badge.pdf` });
    expect(await pdfImages(pdf.rawPayload)).toHaveLength(2);
    await assign([]);

    expect((await t.request(w.eventAdminA, { method: 'DELETE', url: logoUrl })).statusCode).toBe(204);
    expect((await t.request(w.eventAdminA, { method: 'GET', url: logoUrl })).statusCode).toBe(404);
    await sweepOrphanFiles({ db: t.db, store: appFileStore(t.database, dataDir).store, graceMs: 0, now: new Date(Date.now() + 60_000) });
    expect(await t.db.select({ id: files.id }).from(files).where(and(eq(files.purpose, 'badge-layout'), eq(files.eventId, w.eventA)))).toHaveLength(1);
  });

  it('lets a built-in layout be deleted only while unassigned', async () => {
    const [builtIn] = await t.db.insert(badgeLayouts).values({ eventId: w.eventA, name: 'A6 badge', pageSize: 'a6', orientation: 'portrait', elements: [], builtIn: 'a6' }).returning({ id: badgeLayouts.id });
    await assign([{ badgeType: 'vip', layoutId: builtIn!.id }]);
    expect((await t.request(w.eventAdminA, { method: 'DELETE', url: `/api/admin/badge-layouts/${builtIn!.id}` })).statusCode).toBe(409);
    await assign([]);
    expect((await t.request(w.eventAdminA, { method: 'DELETE', url: `/api/admin/badge-layouts/${builtIn!.id}` })).statusCode).toBe(204);
  });

  it('lets a custom role print without designing', async () => {
    const role = await t.request(w.systemAdmin, { method: 'POST', url: '/api/admin/roles', payload: { name: 'Printer', permissions: ['print_badges', 'view_exhibitor_users', 'can_see_exhibitor'] } });
    expect(role.statusCode, role.body).toBe(201);
    const printer = await t.createUser({ roles: ['Printer'], eventId: w.eventA });
    expect((await t.request(printer, { method: 'GET', url: `/api/admin/events/${w.eventA}/badge-layouts` })).statusCode).toBe(200);
    expect((await t.request(printer, { method: 'GET', url: `/api/admin/exhibitor-users/${w.badgeA}/badge.pdf` })).statusCode).toBe(200);
    expect((await t.request(printer, { method: 'POST', url: `/api/admin/events/${w.eventA}/badge-layouts`, payload: input() })).statusCode).toBe(403);
  });

  it('shows a badge as printed to whoever may view it, without the right to print runs', async () => {
    const role = await t.request(w.systemAdmin, { method: 'POST', url: '/api/admin/roles', payload: { name: 'Badge viewer', permissions: ['view_exhibitor_users', 'can_see_exhibitor'] } });
    expect(role.statusCode, role.body).toBe(201);
    const viewer = await t.createUser({ roles: ['Badge viewer'], eventId: w.eventA });
    const pdf = await t.request(viewer, { method: 'GET', url: `/api/admin/exhibitor-users/${w.badgeA}/badge.pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await t.request(viewer, { method: 'POST', url: '/api/admin/badge-prints', payload: { eventId: w.eventA, badgeIds: [w.badgeA], sheet: 'single' } })).statusCode).toBe(403);
  });
});
