import { rosterEntry, type RosterResponse } from '@portal/shared/check-in';
import { eq, sql } from 'drizzle-orm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { allocations, badgeCategories, badges, customFields } from '../../db/schema/badges';
import { checkIns } from '../../db/schema/check-in';
import { insertBuiltInLayouts } from '../badge-layouts/badge-layouts.repository';
import { createTestApp, createWorld, type TestApp, type World } from '../../test/harness';
import { createCheckInList, pairTestDevice, type TestDevice } from './check-in-fixtures';

let t: TestApp;
let w: World;
let listA: number;
let steward: TestDevice;
let supervisor: TestDevice;
let addonA: number;

const roster = async (device: TestDevice, query: string, encoding = 'gzip') => {
  const res = await t.request(device, { method: 'GET', url: `/api/check-in/roster?${query}`, headers: { 'accept-encoding': encoding } });
  const raw = res.rawPayload;
  const text = res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : res.headers['content-encoding'] === 'br' ? brotliDecompressSync(raw) : raw;
  return { res, body: JSON.parse(text.toString('utf8')) as RosterResponse };
};

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  listA = await createCheckInList(t, w.eventA, { name: 'Hall entrance' });
  steward = await pairTestDevice(t, { eventId: w.eventA, listIds: [listA], name: 'North door', createdBy: w.eventAdminA.id });
  supervisor = await pairTestDevice(t, { eventId: w.eventA, listIds: [listA], role: 'supervisor', name: 'Desk', createdBy: w.eventAdminA.id });
  const [addon] = await t.db
    .insert(badgeCategories)
    .values({ eventId: w.eventA, name: 'Parking', type: 'addon', badgeType: 'exhibitor' })
    .returning({ id: badgeCategories.id });
  addonA = addon!.id;
});
afterAll(() => t.close());

describe('the roster', () => {
  it('is every badge of the event with its presence, compressed as accepted', async () => {
    const [badge] = await t.db.select({ code: badges.code }).from(badges).where(eq(badges.id, w.badgeA));
    await t.request(steward, { method: 'POST', url: '/api/check-in/redeem', payload: { code: badge!.code, listId: listA, nonce: 'roster-nonce-1', scannedAt: new Date().toISOString() } });
    const { res, body } = await roster(steward, `listId=${listA}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(body).toMatchObject({ listId: listA, full: true });
    expect(Date.parse(body.cursor)).toBeGreaterThan(Date.now() - 60_000);
    // Badge categories only, never an add-on.
    expect(body.categories.map((c) => c.id).sort()).toEqual([w.categoryA, w.vipCategoryA].sort());
    expect(body.categories.map((c) => c.id)).not.toContain(addonA);
    // Event A's badges only.
    expect(body.badges.map((row) => row[0])).toEqual([w.badgeA]);
    const entry = rosterEntry(body.badges[0]!);
    expect(entry).toMatchObject({
      id: w.badgeA,
      code: badge!.code,
      firstName: 'Ada',
      company: 'Company A',
      categoryId: w.categoryA,
      badgeType: 'exhibitor',
      status: 'active',
      presence: { entries: 1, inside: true, lastExitAt: null },
      lastDeviceName: 'North door',
    });
    const br = await roster(steward, `listId=${listA}`, 'gzip, deflate, br');
    expect(br.res.headers['content-encoding']).toBe('br');
    expect(br.body.badges).toEqual(body.badges);
    const plain = await roster(steward, `listId=${listA}`, 'identity');
    expect(plain.res.headers['content-encoding']).toBeUndefined();
    expect(plain.body.badges).toEqual(body.badges);
  });

  it('since a recent cursor, only the badges changed since; an old one gets the whole roster', async () => {
    const { body: full } = await roster(steward, `listId=${listA}`);
    const [organiserBadge] = await t.db
      .insert(badges)
      .values({ eventId: w.eventA, badgeCategoryId: w.vipCategoryA, firstName: 'Vi', lastName: 'P', email: 'vi@a.example', badgeType: 'vip', code: 'ROSTERVIP2' })
      .returning({ id: badges.id });
    // Move the untouched badges' last change out of the overlap, as if the roster were read a while ago.
    await t.db.execute(sql`update badges set updated_at = now() - interval '5 minutes' where id <> ${organiserBadge!.id}`);
    await t.db.execute(sql`update check_in_presence set updated_at = now() - interval '5 minutes'`);
    const { body: delta } = await roster(steward, `listId=${listA}&since=${encodeURIComponent(full.cursor)}`);
    expect(delta.full).toBe(false);
    expect(delta.badges.map((row) => row[0])).toEqual([organiserBadge!.id]);
    // An organiser's badge has no company.
    expect(delta.badges[0]![4]).toBeNull();
    // A scan changes the badge's presence: it is in the next delta.
    await t.request(steward, { method: 'POST', url: '/api/check-in/redeem', payload: { code: 'ROSTERVIP2', listId: listA, nonce: 'roster-nonce-2', scannedAt: new Date().toISOString() } });
    await t.db.execute(sql`update badges set updated_at = now() - interval '5 minutes'`);
    const { body: afterScan } = await roster(steward, `listId=${listA}&since=${encodeURIComponent(delta.cursor)}`);
    expect(afterScan.badges.map((row) => [row[0], row[8]])).toEqual([[organiserBadge!.id, 1]]);
    const old = new Date(Date.now() - 11 * 60_000).toISOString();
    const { body: again } = await roster(steward, `listId=${listA}&since=${encodeURIComponent(old)}`);
    expect(again.full).toBe(true);
    expect(again.badges).toHaveLength(2);
  });

  it('answers 400 for a bad cursor', async () => {
    const res = await t.request(steward, { method: 'GET', url: `/api/check-in/roster?listId=${listA}&since=soon` });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('since');
  });
});

describe('walk-ins', () => {
  const walkIn = (body: Record<string, unknown>) =>
    t.request(supervisor, {
      method: 'POST',
      url: '/api/check-in/walk-ins',
      payload: { listId: listA, categoryId: w.categoryA, exhibitorId: w.exhibitorA.id, firstName: 'Walk', lastName: 'In', email: 'walk@a.example', nonce: 'walk-in-0001', ...body },
    });
  const count = async () => (await queryRows<{ b: number; c: number }>(t.db, sql`select (select count(*)::int from badges) as b, (select count(*)::int from check_ins) as c`))[0];

  it('offers the event’s badge categories and its exhibitors', async () => {
    const res = await t.request(supervisor, { method: 'GET', url: '/api/check-in/walk-in-options' });
    expect(res.statusCode).toBe(200);
    const { categories, exhibitors } = res.json().data;
    expect(categories.map((c: { id: number }) => c.id).sort()).toEqual([w.categoryA, w.vipCategoryA].sort());
    expect(exhibitors).toEqual([{ id: w.exhibitorA.id, company: 'Company A' }]);
  });

  it('leaves out a category that asks a required question the door cannot ask', async () => {
    const [field] = await t.db
      .insert(customFields)
      .values({ eventId: w.eventA, badgeCategoryId: w.vipCategoryA, label: 'Passport number', key: 'passport', type: 'text', required: true })
      .returning({ id: customFields.id });
    const res = await t.request(supervisor, { method: 'GET', url: '/api/check-in/walk-in-options' });
    expect(res.json().data.categories.map((c: { id: number }) => c.id)).toEqual([w.categoryA]);
    await t.db.delete(customFields).where(eq(customFields.id, field!.id));
  });

  it('refuses a walk-in when the exhibitor’s allocation is used up, writing nothing', async () => {
    await t.db.insert(allocations).values({ eventId: w.eventA, adminId: w.exhibitorA.id, badgeCategoryId: w.categoryA, quantity: 0 });
    const before = await count();
    const res = await walkIn({ nonce: 'walk-in-full-1' });
    expect(res.statusCode).toBe(422);
    expect(await count()).toEqual(before);
    await t.db.update(allocations).set({ quantity: 1 }).where(eq(allocations.adminId, w.exhibitorA.id));
  });

  it('registers the badge through the allocation and admits it; the same nonce again creates nothing', async () => {
    const before = await count();
    const res = await walkIn({});
    expect(res.statusCode).toBe(201);
    const { badge, checkIn, printable } = res.json().data;
    expect(badge).toMatchObject({ firstName: 'Walk', lastName: 'In', company: 'Company A', categoryId: w.categoryA, status: 'active' });
    expect(checkIn).toMatchObject({ result: 'admitted', conflict: false, badge: { id: badge.id } });
    expect(printable).toBe(false);
    const [row] = await t.db.select().from(checkIns).where(eq(checkIns.id, checkIn.checkInId));
    expect(row).toMatchObject({ method: 'walk_in', deviceId: supervisor.id, badgeId: badge.id });
    const [allocation] = await t.db.select({ used: allocations.used }).from(allocations).where(eq(allocations.adminId, w.exhibitorA.id));
    expect(allocation!.used).toBe(1);
    const retried = await walkIn({});
    expect(retried.statusCode).toBe(201);
    expect(retried.json().data.badge.id).toBe(badge.id);
    expect(retried.json().data.checkIn.checkInId).toBe(checkIn.checkInId);
    const after = await count();
    expect(after).toEqual({ b: before!.b + 1, c: before!.c + 1 });
    // The place is taken now: the next walk-in for this exhibitor is refused.
    expect((await walkIn({ nonce: 'walk-in-0002', email: 'walk2@a.example' })).statusCode).toBe(422);
  });

  it('answers 400 with the field for another event’s category, and 409 for an email already registered', async () => {
    const foreign = await walkIn({ nonce: 'walk-in-0003', categoryId: w.categoryB, exhibitorId: null, email: 'f@a.example' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details[0].field).toBe('categoryId');
    const vip = await walkIn({ nonce: 'walk-in-0004', categoryId: w.vipCategoryA, exhibitorId: null, email: 'twice@a.example' });
    expect(vip.statusCode).toBe(201);
    expect(vip.json().data.badge.company).toBeNull();
    const twice = await walkIn({ nonce: 'walk-in-0005', categoryId: w.vipCategoryA, exhibitorId: null, email: 'twice@a.example' });
    expect(twice.statusCode).toBe(409);
  });

  it('prints a badge of the event once it has a layout', async () => {
    const url = `/api/check-in/badges/${w.badgeA}/badge.pdf`;
    expect((await t.request(supervisor, { method: 'GET', url })).statusCode).toBe(404);
    await insertBuiltInLayouts(t.db, w.eventA);
    const res = await t.request(supervisor, { method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.request(supervisor, { method: 'GET', url: `/api/check-in/badges/${w.badgeB}/badge.pdf` })).statusCode).toBe(404);
    expect((await t.request(steward, { method: 'GET', url })).statusCode).toBe(403);
  });
});
