import { redeemResultSchema, type RedeemResult } from '@portal/shared/check-in';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { badges } from '../../db/schema/badges';
import { checkInDevices, checkInPresence, checkIns } from '../../db/schema/check-in';
import { events } from '../../db/schema/events';
import { createTestApp, createWorld, type TestApp, type World } from '../../test/harness';
import { createCheckInList, pairTestDevice, type TestDevice } from './check-in-fixtures';

let t: TestApp;
let w: World;
let listA: number;
let steward: TestDevice;
let supervisor: TestDevice;
let counter = 0;

const nonce = () => `nonce-${++counter}-${Math.random().toString(36).slice(2, 10)}`;

async function newBadge(type: 'exhibitor' | 'vip' = 'exhibitor', status: 'active' | 'cancelled' = 'active') {
  const code = `T${++counter}X${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  const [row] = await t.db
    .insert(badges)
    .values({
      eventId: w.eventA,
      badgeCategoryId: type === 'vip' ? w.vipCategoryA : w.categoryA,
      exhibitorId: type === 'vip' ? null : w.exhibitorA.id,
      firstName: 'Guest',
      lastName: `No ${counter}`,
      email: `guest${counter}@a.example`,
      badgeType: type,
      code,
      status,
    })
    .returning({ id: badges.id });
  return { id: row!.id, code };
}

const scan = (device: TestDevice, body: Record<string, unknown>) =>
  t.request(device, {
    method: 'POST',
    url: '/api/check-in/redeem',
    payload: { listId: listA, nonce: nonce(), scannedAt: new Date().toISOString(), ...body },
  });

const logRows = (badgeId: number) => t.db.select().from(checkIns).where(eq(checkIns.badgeId, badgeId));
const presenceOf = async (badgeId: number, listId = listA) =>
  (await t.db.select().from(checkInPresence).where(and(eq(checkInPresence.badgeId, badgeId), eq(checkInPresence.listId, listId))))[0];

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  await t.db.update(events).set({ timezone: 'Europe/Berlin' }).where(eq(events.id, w.eventA));
  listA = await createCheckInList(t, w.eventA, { name: 'Hall entrance' });
  steward = await pairTestDevice(t, { eventId: w.eventA, listIds: [listA], name: 'North door', createdBy: w.eventAdminA.id });
  supervisor = await pairTestDevice(t, { eventId: w.eventA, listIds: [listA], role: 'supervisor', name: 'Desk', createdBy: w.eventAdminA.id });
});
afterAll(() => t.close());

describe('device authentication', () => {
  it('tells a device who it is, with its event and lists', async () => {
    const res = await t.request(steward, { method: 'GET', url: '/api/check-in/me' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: steward.id,
      name: 'North door',
      role: 'steward',
      event: { id: w.eventA, name: 'Event A', timezone: 'Europe/Berlin' },
      lists: [{ id: listA, name: 'Hall entrance', eventId: w.eventA }],
    });
  });

  it('answers 401 without a token, with an unknown one, a person’s or a revoked device’s', async () => {
    expect((await t.request(null, { method: 'GET', url: '/api/check-in/me' })).statusCode).toBe(401);
    expect((await t.request({ ...steward, token: 'chk_unknown' }, { method: 'GET', url: '/api/check-in/me' })).statusCode).toBe(401);
    expect((await t.request(w.eventAdminA, { method: 'GET', url: '/api/check-in/me' })).statusCode).toBe(401);
    const revoked = await pairTestDevice(t, { eventId: w.eventA, listIds: [listA] });
    expect((await t.request(revoked, { method: 'GET', url: '/api/check-in/me' })).statusCode).toBe(200);
    await t.db.update(checkInDevices).set({ revokedAt: new Date() }).where(eq(checkInDevices.id, revoked.id));
    const res = await t.request(revoked, { method: 'GET', url: '/api/check-in/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/Pair it again/);
  });

  it('refuses a scan with no device token, an unknown, a person’s or a revoked one, and writes nothing', async () => {
    // The scan checks its token in its own lookup, not in the authentication every other device route shares.
    const badge = await newBadge();
    const revoked = await pairTestDevice(t, { eventId: w.eventA, listIds: [listA] });
    await t.db.update(checkInDevices).set({ revokedAt: new Date() }).where(eq(checkInDevices.id, revoked.id));
    for (const caller of [null, { ...steward, token: 'chk_unknown' }, { ...steward, token: 'not-a-device-token' }, w.eventAdminA, revoked]) {
      const res = await t.request(caller, {
        method: 'POST',
        url: '/api/check-in/redeem',
        payload: { code: badge.code, listId: listA, nonce: nonce(), scannedAt: new Date().toISOString() },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/Pair it again/);
    }
    expect(await logRows(badge.id)).toHaveLength(0);
  });

  it('a device token opens no organiser route', async () => {
    expect((await t.request(supervisor, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
  });

  it('answers 403 to a steward on a supervisor’s route, and to a steward’s search check-in', async () => {
    expect((await t.request(steward, { method: 'GET', url: '/api/check-in/conflicts' })).statusCode).toBe(403);
    expect((await t.request(steward, { method: 'GET', url: '/api/check-in/walk-in-options' })).statusCode).toBe(403);
    const badge = await newBadge();
    const res = await scan(steward, { code: badge.code, method: 'search' });
    expect(res.statusCode).toBe(403);
    expect(await logRows(badge.id)).toHaveLength(0);
    expect((await scan(supervisor, { code: badge.code, method: 'search' })).json().data.result).toBe('admitted');
  });

  it('answers 404 for a list of the event the device does not scan', async () => {
    const otherList = await createCheckInList(t, w.eventA);
    const badge = await newBadge();
    expect((await scan(steward, { code: badge.code, listId: otherList })).statusCode).toBe(404);
    expect((await t.request(steward, { method: 'GET', url: `/api/check-in/recent?listId=${otherList}` })).statusCode).toBe(404);
    expect((await t.request(steward, { method: 'GET', url: `/api/check-in/roster?listId=${otherList}` })).statusCode).toBe(404);
    expect(await logRows(badge.id)).toHaveLength(0);
  });

  it('refreshes last seen at most once a minute', async () => {
    const device = await pairTestDevice(t, { eventId: w.eventA, listIds: [listA] });
    await t.request(device, { method: 'GET', url: '/api/check-in/me' });
    const [first] = await t.db.select({ seen: checkInDevices.lastSeenAt }).from(checkInDevices).where(eq(checkInDevices.id, device.id));
    expect(first!.seen).not.toBeNull();
    await t.request(device, { method: 'GET', url: '/api/check-in/me' });
    const [second] = await t.db.select({ seen: checkInDevices.lastSeenAt }).from(checkInDevices).where(eq(checkInDevices.id, device.id));
    expect(second!.seen!.getTime()).toBe(first!.seen!.getTime());
    await t.db.update(checkInDevices).set({ lastSeenAt: new Date(Date.now() - 120_000) }).where(eq(checkInDevices.id, device.id));
    await t.request(device, { method: 'GET', url: '/api/check-in/me' });
    const [third] = await t.db.select({ seen: checkInDevices.lastSeenAt }).from(checkInDevices).where(eq(checkInDevices.id, device.id));
    expect(Date.now() - third!.seen!.getTime()).toBeLessThan(60_000);
    // A scan, which checks its token itself, refreshes it too.
    await t.db.update(checkInDevices).set({ lastSeenAt: new Date(Date.now() - 120_000) }).where(eq(checkInDevices.id, device.id));
    expect((await scan(device, { code: (await newBadge()).code })).json().data.result).toBe('admitted');
    const [fourth] = await t.db.select({ seen: checkInDevices.lastSeenAt }).from(checkInDevices).where(eq(checkInDevices.id, device.id));
    expect(Date.now() - fourth!.seen!.getTime()).toBeLessThan(60_000);
  });
});

describe('redeeming a scan', () => {
  it('admits a badge once, then tells when and where it was checked in', async () => {
    const badge = await newBadge();
    const first = await scan(steward, { code: badge.code });
    expect(first.statusCode).toBe(200);
    const admitted = redeemResultSchema.parse(first.json().data);
    expect(admitted).toMatchObject({
      result: 'admitted',
      conflict: false,
      badge: { id: badge.id, code: badge.code, firstName: 'Guest', company: 'Company A', badgeType: 'exhibitor', categoryName: 'Exhibitor staff' },
    });
    const again = (await scan(supervisor, { code: badge.code })).json().data as RedeemResult;
    expect(again.result).toBe('already_checked_in');
    expect(again.checkedInBy).toBe('North door');
    expect(Date.parse(again.checkedInAt!)).toBeGreaterThan(Date.now() - 60_000);
    const rows = await logRows(badge.id);
    expect(rows.map((r) => r.result).sort()).toEqual(['admitted', 'already_checked_in']);
    expect(rows.every((r) => /^Guest No \d+$/.test(r.holderName!) && r.code === badge.code)).toBe(true);
    expect(await presenceOf(badge.id)).toMatchObject({ entries: 1, inside: true, lastDeviceId: steward.id });
  });

  it('answers unknown, other_event and cancelled, each logged', async () => {
    const unknown = (await scan(steward, { code: 'NOSUCHCODE99' })).json().data;
    expect(unknown).toMatchObject({ result: 'unknown', conflict: false });
    expect(unknown.badge).toBeUndefined();
    const [badgeB] = await t.db.select({ code: badges.code }).from(badges).where(eq(badges.id, w.badgeB));
    const other = (await scan(steward, { code: badgeB!.code })).json().data;
    expect(other).toEqual({ checkInId: expect.any(Number), result: 'other_event', conflict: false });
    const [otherRow] = await t.db.select().from(checkIns).where(eq(checkIns.id, other.checkInId));
    expect(otherRow).toMatchObject({ badgeId: null, holderName: null, eventId: w.eventA });
    const cancelled = await newBadge('exhibitor', 'cancelled');
    expect((await scan(steward, { code: cancelled.code })).json().data.result).toBe('cancelled');
    expect((await presenceOf(cancelled.id))?.entries ?? 0).toBe(0);
  });

  it('answers unknown for a code longer than any badge code, and 400 for a bad body with nothing written', async () => {
    const long = (await scan(steward, { code: 'X'.repeat(150) })).json().data;
    expect(long.result).toBe('unknown');
    const before = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from check_ins`);
    const bad = await t.request(steward, { method: 'POST', url: '/api/check-in/redeem', payload: { code: '', listId: listA, nonce: 'short', scannedAt: 'yesterday' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { field: string }) => d.field).sort()).toEqual(['code', 'nonce', 'scannedAt']);
    expect(await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from check_ins`)).toEqual(before);
  });

  it('the same nonce again answers as the first time and writes nothing', async () => {
    const badge = await newBadge();
    const body = { code: badge.code, nonce: nonce() };
    const first = (await scan(steward, body)).json().data;
    const second = (await scan(steward, body)).json().data;
    expect(second).toEqual(first);
    expect(first.result).toBe('admitted');
    expect(await logRows(badge.id)).toHaveLength(1);
    expect(await presenceOf(badge.id)).toMatchObject({ entries: 1 });
    // Another device's nonce is its own.
    expect((await scan(supervisor, body)).json().data.result).toBe('already_checked_in');
  });

  it('the same nonce sent five times at once is applied once', async () => {
    const badge = await newBadge();
    const body = { code: badge.code, nonce: nonce() };
    const answers = await Promise.all(Array.from({ length: 5 }, () => scan(steward, body)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const results = answers.map((a) => a.json().data);
    for (const result of results) expect(result).toEqual(results[0]);
    expect(results[0].result).toBe('admitted');
    expect(await logRows(badge.id)).toHaveLength(1);
    expect(await presenceOf(badge.id)).toMatchObject({ entries: 1 });
  });

  it('five devices scanning one badge at once admit it exactly once', async () => {
    const badge = await newBadge();
    const doors = await Promise.all(Array.from({ length: 5 }, () => pairTestDevice(t, { eventId: w.eventA, listIds: [listA] })));
    const answers = await Promise.all(doors.map((door) => scan(door, { code: badge.code })));
    const results = answers.map((a) => a.json().data.result).sort();
    expect(results).toEqual(['admitted', 'already_checked_in', 'already_checked_in', 'already_checked_in', 'already_checked_in']);
    expect(await logRows(badge.id)).toHaveLength(5);
    expect(await presenceOf(badge.id)).toMatchObject({ entries: 1, inside: true });
  });

  it('records exits where the list scans them, and re-entry after one', async () => {
    const gate = await createCheckInList(t, w.eventA, { scansExits: true, allowsReentry: true });
    const door = await pairTestDevice(t, { eventId: w.eventA, listIds: [gate] });
    const badge = await newBadge('vip');
    const at = (direction: 'entry' | 'exit') => scan(door, { code: badge.code, listId: gate, direction }).then((r) => r.json().data.result);
    expect(await at('entry')).toBe('admitted');
    expect(await at('entry')).toBe('already_checked_in');
    expect(await at('exit')).toBe('admitted');
    expect(await presenceOf(badge.id, gate)).toMatchObject({ entries: 1, inside: false });
    expect(await at('exit')).toBe('not_admitted');
    expect(await at('entry')).toBe('admitted');
    expect(await presenceOf(badge.id, gate)).toMatchObject({ entries: 2, inside: true });
  });
});

describe('syncing queued scans', () => {
  it('applies them in order with the device’s time, and keeps an offline admission the server refused as a conflict', async () => {
    const badge = await newBadge();
    const other = await newBadge();
    const doorB = await pairTestDevice(t, { eventId: w.eventA, listIds: [listA], name: 'South door' });
    const made = new Date(Date.now() - 5 * 60_000).toISOString();
    const queued = (code: string) => ({ code, listId: listA, nonce: nonce(), scannedAt: made, localResult: 'admitted' });
    const a = await t.request(steward, { method: 'POST', url: '/api/check-in/sync', payload: { scans: [queued(badge.code), queued(other.code)] } });
    expect(a.statusCode).toBe(200);
    expect(a.json().data.results.map((r: RedeemResult) => [r.result, r.conflict])).toEqual([
      ['admitted', false],
      ['admitted', false],
    ]);
    const b = await t.request(doorB, { method: 'POST', url: '/api/check-in/sync', payload: { scans: [queued(badge.code), queued('NOTACODE00')] } });
    const [late, unknown] = b.json().data.results;
    expect(late).toMatchObject({ result: 'already_checked_in', conflict: true, checkedInBy: 'North door' });
    expect(unknown).toMatchObject({ result: 'unknown', conflict: true });
    const rows = await logRows(badge.id);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.offline && r.localResult === 'admitted')).toBe(true);
    expect(rows.find((r) => r.deviceId === steward.id)!.scannedAt.toISOString()).toBe(made);
    // The supervisor sees the open conflicts of its lists, and resolves one.
    const open = (await t.request(supervisor, { method: 'GET', url: '/api/check-in/conflicts' })).json().data;
    expect(open.map((e: { id: number }) => e.id)).toEqual(expect.arrayContaining([late.checkInId, unknown.checkInId]));
    const resolved = await t.request(supervisor, { method: 'POST', url: `/api/check-in/conflicts/${late.checkInId}/resolve` });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().data).toMatchObject({ id: late.checkInId, conflict: true, deviceName: 'South door', holderName: expect.any(String) });
    expect(resolved.json().data.conflictResolvedAt).not.toBeNull();
    const still = (await t.request(supervisor, { method: 'GET', url: '/api/check-in/conflicts' })).json().data;
    expect(still.map((e: { id: number }) => e.id)).not.toContain(late.checkInId);
    // Not a conflict: 409.
    expect((await t.request(supervisor, { method: 'POST', url: `/api/check-in/conflicts/${a.json().data.results[0].checkInId}/resolve` })).statusCode).toBe(409);
  });

  it('a queued scan dated in the future is decided at the server’s time', async () => {
    const gate = await createCheckInList(t, w.eventA, {
      rules: [{ badgeType: 'exhibitor', windows: [{ from: new Date(Date.now() + 3600_000).toISOString(), to: new Date(Date.now() + 7200_000).toISOString() }] }],
    });
    const door = await pairTestDevice(t, { eventId: w.eventA, listIds: [gate] });
    const badge = await newBadge();
    const res = await t.request(door, {
      method: 'POST',
      url: '/api/check-in/sync',
      payload: { scans: [{ code: badge.code, listId: gate, nonce: nonce(), scannedAt: new Date(Date.now() + 5400_000).toISOString() }] },
    });
    expect(res.json().data.results[0].result).toBe('not_admitted');
  });

  it('refuses the whole batch, applying nothing, when one scan is for a list not the device’s', async () => {
    const badge = await newBadge();
    const otherList = await createCheckInList(t, w.eventA);
    const scans = [
      { code: badge.code, listId: listA, nonce: nonce(), scannedAt: new Date().toISOString() },
      { code: badge.code, listId: otherList, nonce: nonce(), scannedAt: new Date().toISOString() },
    ];
    expect((await t.request(steward, { method: 'POST', url: '/api/check-in/sync', payload: { scans } })).statusCode).toBe(404);
    expect(await logRows(badge.id)).toHaveLength(0);
  });
});

describe('undoing a scan', () => {
  it('recomputes presence from the scans left, so the badge may enter again', async () => {
    const badge = await newBadge();
    const first = (await scan(steward, { code: badge.code })).json().data;
    const res = await t.request(supervisor, { method: 'POST', url: '/api/check-in/undo', payload: { checkInId: first.checkInId, reason: 'Scanned the wrong badge' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ checkInId: first.checkInId, result: 'admitted' });
    expect(await presenceOf(badge.id)).toMatchObject({ entries: 0, inside: false, lastEntryAt: null });
    const [row] = await t.db.select().from(checkIns).where(eq(checkIns.id, first.checkInId));
    expect(row).toMatchObject({ undoReason: 'Scanned the wrong badge', undoneByDeviceId: supervisor.id });
    expect((await scan(steward, { code: badge.code })).json().data.result).toBe('admitted');
    expect(await presenceOf(badge.id)).toMatchObject({ entries: 1, inside: true });
    // Twice, or a refused scan: 409; a steward: 403.
    const again = await t.request(supervisor, { method: 'POST', url: '/api/check-in/undo', payload: { checkInId: first.checkInId, reason: 'Again' } });
    expect(again.statusCode).toBe(409);
    const refused = (await scan(steward, { code: badge.code })).json().data;
    expect((await t.request(supervisor, { method: 'POST', url: '/api/check-in/undo', payload: { checkInId: refused.checkInId, reason: 'No' } })).statusCode).toBe(409);
    expect((await t.request(steward, { method: 'POST', url: '/api/check-in/undo', payload: { checkInId: refused.checkInId, reason: 'No' } })).statusCode).toBe(403);
  });

  it('an organiser undoes a scan of their event; another event’s organiser gets 404', async () => {
    const badge = await newBadge();
    const first = (await scan(steward, { code: badge.code })).json().data;
    const url = `/api/admin/check-ins/${first.checkInId}/undo`;
    expect((await t.request(w.eventAdminB, { method: 'POST', url, payload: { reason: 'Mistake' } })).statusCode).toBe(404);
    expect((await t.request(w.exhibitorA, { method: 'POST', url, payload: { reason: 'Mistake' } })).statusCode).toBe(403);
    const bad = await t.request(w.eventAdminA, { method: 'POST', url, payload: { reason: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('reason');
    expect(await presenceOf(badge.id)).toMatchObject({ entries: 1 });
    const res = await t.request(w.eventAdminA, { method: 'POST', url, payload: { reason: 'Mistake' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: first.checkInId, undoReason: 'Mistake', listName: 'Hall entrance', deviceName: 'North door', company: 'Company A' });
    expect(res.json().data.undoneAt).not.toBeNull();
    expect(await presenceOf(badge.id)).toMatchObject({ entries: 0, inside: false });
  });
});

describe('recent scans', () => {
  it('a steward sees its own, a supervisor every device’s', async () => {
    const badge = await newBadge();
    await scan(steward, { code: badge.code });
    await scan(supervisor, { code: badge.code });
    const own = (await t.request(steward, { method: 'GET', url: `/api/check-in/recent?listId=${listA}` })).json().data;
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((e: { deviceId: number }) => e.deviceId === steward.id)).toBe(true);
    const all = (await t.request(supervisor, { method: 'GET', url: `/api/check-in/recent?listId=${listA}` })).json().data;
    expect(new Set(all.map((e: { deviceId: number }) => e.deviceId)).size).toBeGreaterThan(1);
    expect(all[0]).toMatchObject({ badgeId: badge.id, deviceId: supervisor.id, result: 'already_checked_in' });
    expect(all.length).toBeLessThanOrEqual(50);
  });
});
