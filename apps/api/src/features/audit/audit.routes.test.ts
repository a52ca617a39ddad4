import { auditPageSchema, type AuditEntry } from '@portal/shared/audit';
import type { Permission } from '@portal/shared/permissions';
import { SYSTEM_ROLE_NAMES } from '@portal/shared/roles';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins } from '../../db/schema/admins';
import { auditLog } from '../../db/schema/audit';
import { roles } from '../../db/schema/roles';
import { setRolePermissions } from '../roles/roles.repository';
import { invoicedPurchase } from '../allocation-purchases/purchase-fixtures';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';
import { recordAudit } from './audit.repository';

let t: TestApp;
let w: World;
let purchaseB: number;
let badgeByOrganiser: number;

const get = (as: TestUser | null, url: string) => t.request(as, { method: 'GET', url });
const send = (as: TestUser, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.request(as, { method, url, payload });

async function entries(as: TestUser, url: string): Promise<AuditEntry[]> {
  const res = await get(as, url);
  expect(res.statusCode, res.body).toBe(200);
  return auditPageSchema.parse(res.json()).data;
}

/** A user with a role of its own holding `permissions`, besides the built-in roles named. */
async function userWith(
  permissions: Permission[],
  spec: { eventId?: number; companyId?: number; builtIn?: string[] } = {},
) {
  const [role] = await t.db
    .insert(roles)
    .values({ name: `Readers ${permissions.join(' ')} ${Math.random()}` })
    .returning({ id: roles.id });
  await setRolePermissions(t.db, role!.id, permissions);
  const [roleName] = await t.db.select({ name: roles.name }).from(roles).where(eq(roles.id, role!.id));
  return t.createUser({
    roles: [...(spec.builtIn ?? []), roleName!.name],
    eventId: spec.eventId,
    companyId: spec.companyId,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  expect((await send(w.eventAdminA, 'PUT', `/api/events/${w.eventA}`, { name: 'Event A renamed' })).statusCode).toBe(
    200,
  );
  expect((await send(w.eventAdminB, 'PUT', `/api/events/${w.eventB}`, { name: 'Event B renamed' })).statusCode).toBe(
    200,
  );
  // Exhibitor A's places: the organiser allocates, the exhibitor carves some out for its sub-account, a badge takes one.
  expect(
    (
      await send(w.eventAdminA, 'PUT', '/api/admin/allocations', {
        adminId: w.exhibitorA.id,
        badgeCategoryId: w.categoryA,
        quantity: 5,
      })
    ).statusCode,
  ).toBe(200);
  expect(
    (
      await send(w.exhibitorA, 'PUT', '/api/admin/allocations', {
        adminId: w.subAccountA.id,
        badgeCategoryId: w.categoryA,
        quantity: 2,
      })
    ).statusCode,
  ).toBe(200);
  const badge = await send(w.eventAdminA, 'POST', '/api/admin/exhibitor-users', {
    badgeCategoryId: w.categoryA,
    exhibitorId: w.exhibitorA.id,
    firstName: 'Ida',
    lastName: 'Lund',
    email: 'ida@history.example',
  });
  expect(badge.statusCode, badge.body).toBe(201);
  badgeByOrganiser = badge.json().data.id;
  const subAccount = await send(w.eventAdminA, 'POST', '/api/admin/sub-accounts', {
    exhibitorId: w.exhibitorA.id,
    email: 'colleague@history.example',
    firstName: 'Kim',
    lastName: 'Vik',
    password: 'Correct-Horse-42',
  });
  expect(subAccount.statusCode, subAccount.body).toBe(201);
  purchaseB = (await invoicedPurchase(t, w)).id;
  // A text that a spreadsheet would run as a formula, as an entry could carry it from any form.
  await recordAudit(t.db, null, {
    action: 'note',
    entityType: 'event',
    entityId: w.eventB,
    eventId: w.eventB,
    after: { name: '=HYPERLINK("http://x.example")' },
  });
});
afterAll(() => t.close());

describe('GET /api/audit', () => {
  it('answers 401 without a session and 403 without view_logs', async () => {
    expect((await get(null, '/api/audit')).statusCode).toBe(401);
    for (const user of [w.noRole, w.vipAdminA, w.exhibitorA, w.subAccountA])
      expect((await get(user, '/api/audit')).statusCode).toBe(403);
  });

  it('lets a built-in Event Admin read its own event’s entries, and no other event’s', async () => {
    const seen = await entries(w.eventAdminA, '/api/audit?per_page=200');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((entry) => entry.eventId === w.eventA)).toBe(true);
    expect(await entries(w.eventAdminA, `/api/audit?eventId=${w.eventB}`)).toEqual([]);
  });

  it('lists every entry newest first with its before and after, filtered by record, event, action and who', async () => {
    const all = await entries(w.systemAdmin, '/api/audit?per_page=200');
    expect(all.map((e) => e.id)).toEqual([...all.map((e) => e.id)].sort((a, b) => b - a));
    const renamed = await entries(w.systemAdmin, `/api/audit?entityType=event&entityId=${w.eventA}&action=update`);
    expect(renamed).toHaveLength(1);
    expect(renamed[0]!.before).toMatchObject({ name: 'Event A' });
    expect(renamed[0]!.after).toMatchObject({ name: 'Event A renamed' });
    expect(renamed[0]!.actorAdminId).toBe(w.eventAdminA.id);
    expect(renamed[0]!.actorLabel).toContain(w.eventAdminA.email);
    const byId = await entries(w.systemAdmin, `/api/audit?who=${w.eventAdminA.id}&per_page=200`);
    expect(byId.length).toBeGreaterThan(1);
    expect(byId.every((e) => e.actorAdminId === w.eventAdminA.id)).toBe(true);
    const byText = await entries(
      w.systemAdmin,
      `/api/audit?who=${encodeURIComponent(w.eventAdminA.email.toUpperCase())}&per_page=200`,
    );
    expect(byText.map((e) => e.id)).toEqual(byId.map((e) => e.id));
    const eventB = await entries(w.systemAdmin, `/api/audit?eventId=${w.eventB}&per_page=200`);
    expect(eventB.length).toBeGreaterThan(0);
    expect(eventB.every((e) => e.eventId === w.eventB)).toBe(true);
  });

  it('filters by date: a day takes in the whole day, and a range before the entries finds none', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const all = await entries(w.systemAdmin, '/api/audit?per_page=200');
    expect(await entries(w.systemAdmin, `/api/audit?from=${today}&to=${today}&per_page=200`)).toHaveLength(all.length);
    expect(await entries(w.systemAdmin, '/api/audit?from=2020-01-01&to=2020-12-31')).toEqual([]);
    const bad = await get(w.systemAdmin, '/api/audit?from=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('from');
  });

  it('pages by the last id seen, without overlap or gaps', async () => {
    const all = await entries(w.systemAdmin, '/api/audit?per_page=200');
    const seen: number[] = [];
    let before: number | null = null;
    do {
      const res = await get(w.systemAdmin, `/api/audit?per_page=3${before ? `&before=${before}` : ''}`);
      const page = auditPageSchema.parse(res.json());
      seen.push(...page.data.map((e) => e.id));
      before = page.meta.nextBefore;
    } while (before !== null);
    expect(seen).toEqual(all.map((e) => e.id));
  });

  it('shows an event-scoped reader its event’s entries only, and an exhibitor holding view_logs its own records’ only', async () => {
    const reader = await userWith(['view_logs'], { eventId: w.eventA });
    const seen = await entries(reader, '/api/audit?per_page=200');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((e) => e.eventId === w.eventA)).toBe(true);
    expect(await entries(reader, `/api/audit?eventId=${w.eventB}`)).toEqual([]);
    const otherEvent = await userWith(['view_logs'], { eventId: w.eventB });
    expect((await entries(otherEvent, '/api/audit?per_page=200')).some((e) => e.eventId === w.eventA)).toBe(false);

    const exhibitor = await userWith(['view_logs'], {
      eventId: w.eventA,
      companyId: w.companyA,
      builtIn: [SYSTEM_ROLE_NAMES.exhibitor],
    });
    await send(w.eventAdminA, 'PUT', '/api/admin/allocations', {
      adminId: exhibitor.id,
      badgeCategoryId: w.categoryA,
      quantity: 1,
    });
    const own = await entries(exhibitor, '/api/audit?per_page=200');
    expect(own.map((e) => e.entityType)).toEqual(['allocation']);
    expect(own.every((e) => e.exhibitorId === exhibitor.id)).toBe(true);
  });
});

describe('GET /api/audit/export', () => {
  it('needs export_data besides view_logs', async () => {
    const reader = await userWith(['view_logs']);
    expect((await get(reader, '/api/audit/export')).statusCode).toBe(403);
  });

  it('writes the filtered list as CSV, a formula as text', async () => {
    const listed = await entries(w.systemAdmin, `/api/audit?eventId=${w.eventB}&per_page=200`);
    const res = await get(w.systemAdmin, `/api/audit/export?format=csv&eventId=${w.eventB}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Time \(UTC\),Who,Action,Record type,Record id/);
    expect(lines).toHaveLength(listed.length + 1);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(listed.map((e) => e.createdAt));
    // Inside the JSON of the record (a cell starting with {) the text is no formula and stays as it is.
    expect(lines.find((line) => line.includes(',note,'))).toContain('=HYPERLINK');
    await recordAudit(t.db, null, { action: '=1+1', entityType: 'event', entityId: w.eventB, eventId: w.eventB });
    const guarded = await get(
      w.systemAdmin,
      `/api/audit/export?format=csv&eventId=${w.eventB}&action=${encodeURIComponent('=1+1')}`,
    );
    expect(guarded.body).toContain(",'=1+1,");
  });

  it('writes the same rows as .xlsx, formulas as text', async () => {
    const listed = await entries(w.systemAdmin, `/api/audit?eventId=${w.eventB}&per_page=200`);
    const res = await get(w.systemAdmin, `/api/audit/export?format=xlsx&eventId=${w.eventB}`);
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Audit log')!;
    expect(sheet.rowCount).toBe(listed.length + 1);
    const actions = listed.map((e) => e.action);
    for (let row = 2; row <= sheet.rowCount; row++) {
      const cell = sheet.getRow(row).getCell(3);
      expect(cell.formula).toBeUndefined();
      expect(String(cell.value).replace(/^'/, '')).toBe(actions[row - 2]);
    }
    expect(actions).toContain('=1+1');
  });
});

describe('GET /api/audit/records/:kind/:id', () => {
  it('answers 401 without a session, 403 without the record’s permission, 404 outside the reader’s reach', async () => {
    expect((await get(null, `/api/audit/records/badge/${w.badgeA}`)).statusCode).toBe(401);
    expect((await get(w.noRole, `/api/audit/records/badge/${w.badgeA}`)).statusCode).toBe(403);
    expect((await get(w.exhibitorB, `/api/audit/records/badge/${w.badgeA}`)).statusCode).toBe(404);
    expect((await get(w.eventAdminA, `/api/audit/records/purchase/${purchaseB}`)).statusCode).toBe(404);
    expect((await get(w.eventAdminA, `/api/audit/records/event/${w.eventB}`)).statusCode).toBe(404);
    expect((await get(w.exhibitorA, `/api/audit/records/exhibitor/${w.exhibitorB.id}`)).statusCode).toBe(403);
    const unknown = await get(w.systemAdmin, `/api/audit/records/lead/${w.badgeA}`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details[0].field).toBe('kind');
  });

  it('lists a record’s own entries for whoever may read it', async () => {
    const event = await entries(w.eventAdminA, `/api/audit/records/event/${w.eventA}`);
    expect(event.map((e) => e.action)).toEqual(['update']);
    const purchase = await entries(w.exhibitorB, `/api/audit/records/purchase/${purchaseB}`);
    expect(purchase.map((e) => e.action)).toEqual(['reissue_invoice', 'approve', 'create']);
    expect(await entries(w.eventAdminB, `/api/audit/records/invoice/${purchaseB}`)).toEqual(purchase);
  });

  it('answers where an exhibitor’s places went: allocations, carving for sub-accounts, badges, purchases', async () => {
    const history = await entries(w.exhibitorA, `/api/audit/records/exhibitor/${w.exhibitorA.id}`);
    expect(history.every((e) => e.exhibitorId === w.exhibitorA.id)).toBe(true);
    const kinds = history.map((e) => `${e.entityType}:${e.action}:${e.actorAdminId}`);
    expect(kinds).toContain(`allocation:create:${w.eventAdminA.id}`);
    expect(kinds).toContain(`allocation:create:${w.exhibitorA.id}`);
    expect(kinds).toContain(`badge:create:${w.eventAdminA.id}`);
    expect(kinds).toContain(`sub-account:create:${w.eventAdminA.id}`);
    const ofB = await entries(w.eventAdminB, `/api/audit/records/exhibitor/${w.exhibitorB.id}`);
    expect(ofB.map((e) => e.action)).toEqual(['reissue_invoice', 'approve', 'create']);
  });

  it('never shows an exhibitor an entry about another exhibitor, while the organiser sees it', async () => {
    // An entry on exhibitor A's badge that concerns exhibitor B (as a badge given from one to the other would).
    await recordAudit(t.db, null, {
      action: 'transfer',
      entityType: 'badge',
      entityId: badgeByOrganiser,
      eventId: w.eventA,
      exhibitorId: w.exhibitorB.id,
    });
    const organiser = await entries(w.eventAdminA, `/api/audit/records/badge/${badgeByOrganiser}`);
    expect(organiser.map((e) => e.action)).toEqual(['transfer', 'create']);
    const exhibitor = await entries(w.exhibitorA, `/api/audit/records/badge/${badgeByOrganiser}`);
    expect(exhibitor.map((e) => e.action)).toEqual(['create']);
  });
});

describe('the log is append-only', () => {
  it('refuses to change, delete or truncate entries through the application’s connection', async () => {
    const [entry] = await t.db.select({ id: auditLog.id }).from(auditLog).limit(1);
    await expect(t.db.update(auditLog).set({ action: 'forged' }).where(eq(auditLog.id, entry!.id))).rejects.toThrow();
    await expect(t.db.delete(auditLog).where(eq(auditLog.id, entry!.id))).rejects.toThrow();
    await expect(t.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const [kept] = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.id, entry!.id));
    expect(kept!.action).not.toBe('forged');
  });

  it('lets an account that wrote entries be deleted; its entries keep who it was', async () => {
    const writer = await t.createUser({ roles: [SYSTEM_ROLE_NAMES.eventAdmin], eventId: w.eventA });
    expect((await send(writer, 'PUT', `/api/events/${w.eventA}`, { name: 'Event A again' })).statusCode).toBe(200);
    await t.db.delete(admins).where(eq(admins.id, writer.id));
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.actorLabel} like ${`%${writer.email}%`}`);
    expect(entry).toMatchObject({ actorAdminId: null, action: 'update', entityType: 'event' });
  });
});
