import { SYSTEM_ROLE_NAMES } from '@portal/shared/roles';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { admins } from '../../db/schema/admins';
import { auditLog } from '../../db/schema/audit';
import { badgeCategories } from '../../db/schema/badges';
import { events } from '../../db/schema/events';
import { exhibitorProfiles } from '../../db/schema/exhibitors';
import { isForeignKeyViolation } from '../../lib/errors';
import { createTestApp, createWorld, TEST_PASSWORD, type TestApp, type TestUser, type World } from '../../test/harness';

/**
 * Financial records outlive the accounts and events they name (DESIGN §3): deleting one answers
 * 409 and leaves every purchase, payment attempt, refund, invoice and credit note as it was; the
 * account can be anonymised instead.
 */
let t: TestApp;
let w: World;
const PRICE = 2500;
const R = SYSTEM_ROLE_NAMES;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://portal.test' });
  w = await createWorld(t);
  await setPrice(w.categoryA);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const send = (as: TestUser | null, method: Method, url: string, payload?: object) =>
  t.request(as, { method, url, payload });
const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { email, password } });

async function setPrice(categoryId: number) {
  await t.db.update(badgeCategories).set({ unitPriceCents: PRICE }).where(eq(badgeCategories.id, categoryId));
}

/**
 * A purchase of two places asked for by `requester`, approved by `organiser` (its invoice issued),
 * paid in the sandbox by `payer` (a payment attempt with the provider's reference), then refunded
 * one place's worth (a refund and its credit note).
 */
async function paidAndRefunded(
  requester: TestUser,
  payer: TestUser,
  organiser: TestUser,
  categoryId: number,
): Promise<number> {
  const created = await send(requester, 'POST', '/api/admin/allocation-purchases', {
    badgeCategoryId: categoryId,
    quantity: 2,
  });
  expect(created.statusCode).toBe(201);
  const id: number = created.json().data.id;
  const approved = await send(organiser, 'PUT', `/api/admin/allocation-purchases/${id}`, {
    action: 'approve',
    accepted_amount: 2,
  });
  expect(approved.statusCode).toBe(200);
  const token = await send(payer, 'POST', `/api/admin/allocation-purchases/${id}/payment-token`);
  expect(token.statusCode).toBe(200);
  const sessionId: string = token.json().data.url.split('/').pop();
  expect((await send(null, 'POST', `/api/payments/sandbox/${sessionId}`, { outcome: 'success' })).statusCode).toBe(200);
  const refund = await send(organiser, 'POST', `/api/admin/allocation-purchases/${id}/refunds`, {
    amount: PRICE,
    reason: 'One fewer',
  });
  expect(refund.statusCode).toBe(200);
  return id;
}

/** Every financial record of the event, row for row, as the database holds it. */
async function recordsOf(eventId: number) {
  const purchases = sql`(select id from allocation_purchases where event_id = ${eventId})`;
  const rows = async (query: ReturnType<typeof sql>) =>
    JSON.parse(JSON.stringify(await queryRows(t.db, query))) as object[];
  return {
    purchases: await rows(sql`select * from allocation_purchases where event_id = ${eventId} order by id`),
    attempts: await rows(sql`select * from payment_attempts where allocation_purchase_id in ${purchases} order by id`),
    refunds: await rows(sql`select * from payment_refunds where allocation_purchase_id in ${purchases} order by id`),
    invoices: await rows(sql`select * from invoices where event_id = ${eventId} order by id`),
    creditNotes: await rows(sql`select * from credit_notes where event_id = ${eventId} order by id`),
  };
}

/** The records a test starts from must exist, or "unchanged" would prove nothing. */
function expectSomeOfEach(records: Awaited<ReturnType<typeof recordsOf>>) {
  for (const [kind, list] of Object.entries(records)) expect(list.length, kind).toBeGreaterThan(0);
  expect(records.attempts.some((a) => (a as { state: string }).state === 'succeeded')).toBe(true);
}

async function invoiceStatus(as: TestUser, purchaseId: number) {
  const res = await send(as, 'GET', `/api/admin/allocation-purchases/${purchaseId}/invoice`);
  expect(res.statusCode).toBe(200);
  return res.json().data as { status: string; billTo: Record<string, unknown> };
}

async function newExhibitor(world: World) {
  const exhibitor = await t.createUser({ roles: [R.exhibitor], eventId: world.eventA, companyId: world.companyA });
  const sub = await t.createUser({
    roles: [R.subAccount],
    eventId: world.eventA,
    exhibitorId: exhibitor.id,
    companyId: world.companyA,
  });
  return { exhibitor, sub };
}

async function accountExists(id: number) {
  return (await t.db.select({ id: admins.id }).from(admins).where(eq(admins.id, id))).length === 1;
}

describe('deleting what financial records name', () => {
  it('refuses a sub-account with a paid purchase (409) and leaves every record and the invoice status as they were', async () => {
    const { exhibitor, sub } = await newExhibitor(w);
    const purchaseId = await paidAndRefunded(sub, exhibitor, w.eventAdminA, w.categoryA);
    const before = await recordsOf(w.eventA);
    expectSomeOfEach(before);
    expect((await invoiceStatus(exhibitor, purchaseId)).status).toBe('PAID');

    for (const [as, url] of [
      [exhibitor, `/api/admin/sub-accounts/${sub.id}`],
      [w.eventAdminA, `/api/admin/sub-accounts/${sub.id}`],
      [w.systemAdmin, `/api/admin/admins/${sub.id}`],
    ] as const) {
      const res = await send(as, 'DELETE', url);
      expect(res.statusCode, url).toBe(409);
      expect(res.json().message).toMatch(
        /is named on 1 purchase and 2 invoices or credit notes\. Financial records are kept, so it cannot be deleted\./,
      );
      expect(res.json().message).toContain('Deactivate it instead, or anonymise it');
    }
    expect(await accountExists(sub.id)).toBe(true);
    expect(await recordsOf(w.eventA)).toEqual(before);
    expect((await invoiceStatus(exhibitor, purchaseId)).status).toBe('PAID');
  });

  it('refuses an exhibitor whose own or sub-account’s purchases are paid, with the records unchanged', async () => {
    const own = await newExhibitor(w);
    await paidAndRefunded(own.exhibitor, own.exhibitor, w.eventAdminA, w.categoryA);
    const viaSub = await newExhibitor(w);
    const purchaseId = await paidAndRefunded(viaSub.sub, viaSub.exhibitor, w.eventAdminA, w.categoryA);
    const before = await recordsOf(w.eventA);

    for (const { exhibitor, sub } of [own, viaSub]) {
      const res = await send(w.eventAdminA, 'DELETE', `/api/admin/exhibitors/${exhibitor.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/^This exhibitor is named on 1 purchase and 2 invoices or credit notes/);
      expect((await send(w.systemAdmin, 'DELETE', `/api/admin/admins/${exhibitor.id}`)).statusCode).toBe(409);
      expect(await accountExists(exhibitor.id)).toBe(true);
      expect(await accountExists(sub.id)).toBe(true);
    }
    expect(await recordsOf(w.eventA)).toEqual(before);
    expect((await invoiceStatus(w.eventAdminA, purchaseId)).status).toBe('PAID');
  });

  it('refuses an organiser who decided a purchase, and deletes accounts that hold no record', async () => {
    const organiser = await t.createUser({ roles: [R.eventAdmin], eventId: w.eventA });
    const { exhibitor, sub } = await newExhibitor(w);
    await paidAndRefunded(exhibitor, exhibitor, organiser, w.categoryA);
    const before = await recordsOf(w.eventA);
    const refused = await send(w.systemAdmin, 'DELETE', `/api/admin/admins/${organiser.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^This account is named on 1 purchase/);
    expect(await recordsOf(w.eventA)).toEqual(before);

    const idle = await newExhibitor(w);
    expect((await send(exhibitor, 'DELETE', `/api/admin/sub-accounts/${sub.id}`)).statusCode).toBe(204);
    expect((await send(w.eventAdminA, 'DELETE', `/api/admin/exhibitors/${idle.exhibitor.id}`)).statusCode).toBe(204);
    expect(await accountExists(idle.sub.id)).toBe(false);
    const idleOrganiser = await t.createUser({ roles: [R.eventAdmin], eventId: w.eventA });
    expect((await send(w.systemAdmin, 'DELETE', `/api/admin/admins/${idleOrganiser.id}`)).statusCode).toBe(204);
  });

  it('refuses an event with financial records even once archived, telling the organiser it stays archived', async () => {
    const world = await createWorld(t);
    await setPrice(world.categoryA);
    const { exhibitor } = await newExhibitor(world);
    const purchaseId = await paidAndRefunded(exhibitor, exhibitor, world.eventAdminA, world.categoryA);
    const before = await recordsOf(world.eventA);
    expectSomeOfEach(before);

    const published = await send(world.systemAdmin, 'DELETE', `/api/events/${world.eventA}`);
    expect(published.statusCode).toBe(409);
    expect(published.json().message).toContain('archive it before deleting it');
    await t.db.update(events).set({ status: 'archived' }).where(eq(events.id, world.eventA));
    const archived = await send(world.systemAdmin, 'DELETE', `/api/events/${world.eventA}`);
    expect(archived.statusCode).toBe(409);
    expect(archived.json().message).toBe(
      'This event has 1 purchase and 2 invoices or credit notes. Financial records are kept, so it cannot be deleted: it stays archived.',
    );
    expect((await send(world.systemAdmin, 'GET', `/api/events/${world.eventA}`)).statusCode).toBe(200);
    expect(await accountExists(exhibitor.id)).toBe(true);
    expect(await recordsOf(world.eventA)).toEqual(before);
    expect((await invoiceStatus(exhibitor, purchaseId)).status).toBe('PAID');

    // Event B of the same world has accounts and badges but no financial record: it goes once archived.
    await t.db.update(events).set({ status: 'archived' }).where(eq(events.id, world.eventB));
    expect((await send(world.systemAdmin, 'DELETE', `/api/events/${world.eventB}`)).statusCode).toBe(204);
    expect(await accountExists(world.exhibitorB.id)).toBe(false);
  });

  it('is refused by the database itself: a raw DELETE of the account, the event or the purchase fails on the foreign key', async () => {
    const { exhibitor, sub } = await newExhibitor(w);
    const purchaseId = await paidAndRefunded(sub, exhibitor, w.eventAdminA, w.categoryA);
    const before = await recordsOf(w.eventA);
    for (const statement of [
      sql`delete from admins where id = ${sub.id}`,
      sql`delete from admins where id = ${exhibitor.id}`,
      sql`delete from admins where id = ${w.eventAdminA.id}`,
      sql`delete from events where id = ${w.eventA}`,
      sql`delete from allocation_purchases where id = ${purchaseId}`,
      sql`delete from payment_attempts where allocation_purchase_id = ${purchaseId}`,
      sql`delete from invoices where allocation_purchase_id = ${purchaseId}`,
    ]) {
      const failure = await t.db
        .transaction((tx) => tx.execute(statement))
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(isForeignKeyViolation(failure), String((failure as { cause?: unknown })?.cause ?? failure)).toBe(true);
    }
    expect(await recordsOf(w.eventA)).toEqual(before);
  });
});

describe('anonymising an account that holds financial records', () => {
  it('replaces a sub-account’s personal data, closes its sign-in and sessions, and keeps its records and invoice copy', async () => {
    const { exhibitor, sub } = await newExhibitor(w);
    const [subRow] = await t.db.select().from(admins).where(eq(admins.id, sub.id));
    const purchaseId = await paidAndRefunded(sub, exhibitor, w.eventAdminA, w.categoryA);
    const session = (await signIn(subRow!.email, TEST_PASSWORD)).json();
    expect(session.refreshToken).toBeTruthy();
    const before = await recordsOf(w.eventA);
    const invoiceBefore = await invoiceStatus(exhibitor, purchaseId);
    expect(invoiceBefore.billTo.email).toBeTruthy();

    const res = await send(exhibitor, 'POST', `/api/admin/sub-accounts/${sub.id}/anonymise`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: sub.id,
      name: 'Anonymised account',
      firstName: 'Anonymised',
      lastName: 'account',
      email: `anonymised-${sub.id}@anonymised.invalid`,
      isActive: false,
    });
    const [row] = await t.db.select().from(admins).where(eq(admins.id, sub.id));
    expect(row).toMatchObject({ passwordHash: null, isActive: false, exhibitorId: exhibitor.id });
    expect(JSON.stringify(row)).not.toContain(subRow!.email);

    expect((await signIn(subRow!.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(row!.email, TEST_PASSWORD)).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);

    expect(await recordsOf(w.eventA)).toEqual(before);
    expect(await invoiceStatus(exhibitor, purchaseId)).toEqual(invoiceBefore);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(sub.id)));
    const entry = audit.find((a) => a.action === 'anonymise');
    expect(entry).toMatchObject({ entityType: 'sub-account' });
    expect(JSON.stringify(entry)).not.toContain(subRow!.email);
    // Still named on its purchase: still not deleted.
    expect((await send(exhibitor, 'DELETE', `/api/admin/sub-accounts/${sub.id}`)).statusCode).toBe(409);
  });

  it('anonymises an exhibitor with its sub-accounts and its contact details; its company and records stay', async () => {
    const { exhibitor, sub } = await newExhibitor(w);
    await t.db
      .insert(exhibitorProfiles)
      .values({ adminId: exhibitor.id, phone: '+47 555 0100', profile: 'Ask for Kari', booth: 'B12' });
    await paidAndRefunded(exhibitor, exhibitor, w.eventAdminA, w.categoryA);
    const before = await recordsOf(w.eventA);

    const res = await send(w.eventAdminA, 'POST', `/api/admin/exhibitors/${exhibitor.id}/anonymise`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Anonymised account',
      email: `anonymised-${exhibitor.id}@anonymised.invalid`,
      isActive: false,
      phone: null,
      profile: null,
      booth: 'B12',
      companyName: 'Company A',
    });
    const [subRow] = await t.db.select().from(admins).where(eq(admins.id, sub.id));
    expect(subRow).toMatchObject({
      email: `anonymised-${sub.id}@anonymised.invalid`,
      isActive: false,
      passwordHash: null,
    });
    expect(await recordsOf(w.eventA)).toEqual(before);
  });

  it('anonymises an organiser through the admins endpoint, but never the caller itself', async () => {
    const organiser = await t.createUser({ roles: [R.eventAdmin], eventId: w.eventA });
    const { exhibitor } = await newExhibitor(w);
    await paidAndRefunded(exhibitor, exhibitor, organiser, w.categoryA);
    const before = await recordsOf(w.eventA);
    const res = await send(w.systemAdmin, 'POST', `/api/admin/admins/${organiser.id}/anonymise`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Anonymised account', isActive: false });
    expect(await recordsOf(w.eventA)).toEqual(before);
    const self = await send(w.systemAdmin, 'POST', `/api/admin/admins/${w.systemAdmin.id}/anonymise`);
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe('You cannot anonymise your own account');
  });

  it('is refused without the permission (403) and outside the caller’s scope (404), changing nothing', async () => {
    const { exhibitor, sub } = await newExhibitor(w);
    const other = await newExhibitor(w);
    const untouched = async () => (await t.db.select().from(admins).where(eq(admins.id, sub.id)))[0]!;
    const original = await untouched();
    const cases: [TestUser, string, number][] = [
      // Without the permission the route needs.
      [sub, `/api/admin/sub-accounts/${sub.id}/anonymise`, 403],
      [w.noRole, `/api/admin/sub-accounts/${sub.id}/anonymise`, 403],
      [exhibitor, `/api/admin/exhibitors/${exhibitor.id}/anonymise`, 403],
      [w.vipAdminA, `/api/admin/exhibitors/${exhibitor.id}/anonymise`, 403],
      [exhibitor, `/api/admin/admins/${sub.id}/anonymise`, 403],
      // With it, but for another exhibitor's or another event's account.
      [other.exhibitor, `/api/admin/sub-accounts/${sub.id}/anonymise`, 404],
      [w.exhibitorB, `/api/admin/sub-accounts/${sub.id}/anonymise`, 404],
      [w.eventAdminB, `/api/admin/sub-accounts/${sub.id}/anonymise`, 404],
      [w.eventAdminB, `/api/admin/exhibitors/${exhibitor.id}/anonymise`, 404],
      [w.eventAdminB, `/api/admin/admins/${sub.id}/anonymise`, 404],
      [w.eventAdminA, `/api/admin/exhibitors/${sub.id}/anonymise`, 404],
    ];
    for (const [as, url, status] of cases) {
      expect((await send(as, 'POST', url)).statusCode, `${as.email} ${url}`).toBe(status);
    }
    expect(await untouched()).toEqual(original);
  });
});
