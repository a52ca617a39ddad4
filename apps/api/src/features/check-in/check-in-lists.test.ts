import type { CheckInList } from '@portal/shared/check-in';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeCategories } from '../../db/schema/badges';
import { checkInDeviceLists, checkInDevices, checkIns, checkInLists } from '../../db/schema/check-in';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';

let t: TestApp;
let w: World;
let addonA: number;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  const [addon] = await t.db
    .insert(badgeCategories)
    .values({ eventId: w.eventA, name: 'Parking', badgeType: 'visitor', type: 'addon' })
    .returning({ id: badgeCategories.id });
  addonA = addon!.id;
});
afterAll(() => t.close());

const body = (overrides: object = {}) => ({ name: 'Hall entrance', rules: [{ badgeType: 'exhibitor' }], ...overrides });
const create = (payload: object, as: TestUser = w.eventAdminA, eventId = w.eventA) =>
  t.request(as, { method: 'POST', url: `/api/admin/events/${eventId}/check-in-lists`, payload });
const update = (id: number, payload: object, as: TestUser = w.eventAdminA) =>
  t.request(as, { method: 'PUT', url: `/api/admin/check-in-lists/${id}`, payload });
const remove = (id: number, as: TestUser = w.eventAdminA) =>
  t.request(as, { method: 'DELETE', url: `/api/admin/check-in-lists/${id}` });
const listOf = async (eventId: number) =>
  (await t.db.select().from(checkInLists).where(eq(checkInLists.eventId, eventId))).map((l) => l.name).sort();

async function created(payload: object): Promise<CheckInList> {
  const res = await create(payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

describe('check-in lists', () => {
  it('creates a list with its rules and defaults, lists it and changes it', async () => {
    const list = await created(
      body({
        name: 'VIP lounge',
        rules: [{ badgeType: 'vip', windows: [{ from: '2027-05-09T08:00:00Z', to: '2027-05-09T18:00:00+00:00' }] }],
        categoryIds: [w.vipCategoryA],
      }),
    );
    expect(list).toMatchObject({
      eventId: w.eventA,
      name: 'VIP lounge',
      rules: [{ badgeType: 'vip', windows: [{ from: '2027-05-09T08:00:00.000Z', to: '2027-05-09T18:00:00.000Z' }] }],
      categoryIds: [w.vipCategoryA],
      scansExits: false,
      allowsReentry: false,
    });
    const listed = await t.request(w.eventAdminA, {
      method: 'GET',
      url: `/api/admin/events/${w.eventA}/check-in-lists`,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((l: CheckInList) => l.id)).toContain(list.id);

    const changed = await update(
      list.id,
      body({
        name: 'VIP lounge',
        rules: [{ badgeType: 'vip' }, { badgeType: 'exhibitor' }],
        scansExits: true,
        allowsReentry: true,
      }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({
      rules: [
        { badgeType: 'vip', windows: [] },
        { badgeType: 'exhibitor', windows: [] },
      ],
      categoryIds: [],
      scansExits: true,
      allowsReentry: true,
    });
    expect(Date.parse(changed.json().data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(list.updatedAt));
  });

  it.each([
    ['name', { name: '' }],
    ['rules', { rules: [] }],
    ['rules', { rules: [{ badgeType: 'vip' }, { badgeType: 'vip' }] }],
    ['rules.0.badgeType', { rules: [{ badgeType: 'press' }] }],
    [
      'rules.0.windows.0.to',
      { rules: [{ badgeType: 'vip', windows: [{ from: '2027-05-09T18:00:00Z', to: '2027-05-09T08:00:00Z' }] }] },
    ],
    [
      'rules.0.windows.0.from',
      { rules: [{ badgeType: 'vip', windows: [{ from: 'tomorrow', to: '2027-05-09T08:00:00Z' }] }] },
    ],
    ['categoryIds.0', { categoryIds: ['x'] }],
    ['scansExits', { scansExits: 'yes' }],
  ])('refuses a bad %s with 400 and a detail at that field, storing nothing', async (field, overrides) => {
    const before = await listOf(w.eventA);
    const res = await create(body({ name: 'Refused', ...overrides }));
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await listOf(w.eventA)).toEqual(before);
  });

  it('admits only the event’s badge categories: another event’s or an add-on is refused at its place', async () => {
    const res = await create(body({ name: 'Wrong categories', categoryIds: [w.categoryA, w.categoryB, addonA] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { field: 'categoryIds.1', message: 'Not a badge category of this event' },
      { field: 'categoryIds.2', message: 'Not a badge category of this event' },
    ]);
    expect(await listOf(w.eventA)).not.toContain('Wrong categories');
    const list = await created(body({ name: 'Right categories', categoryIds: [w.categoryA] }));
    const changed = await update(list.id, body({ name: 'Right categories', categoryIds: [w.categoryB] }));
    expect(changed.statusCode).toBe(400);
    expect(changed.json().details).toEqual([{ field: 'categoryIds.0', message: 'Not a badge category of this event' }]);
    expect((await t.db.select().from(checkInLists).where(eq(checkInLists.id, list.id)))[0]!.categoryIds).toEqual([
      w.categoryA,
    ]);
  });

  it('refuses a second list of the same name in the event, case ignored, but not in another event', async () => {
    const first = await created(body({ name: 'North gate' }));
    const again = await create(body({ name: 'north GATE' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().details).toEqual([{ field: 'name', message: 'This event has a list of this name already' }]);
    const other = await created(body({ name: 'South gate' }));
    expect((await update(other.id, body({ name: 'North Gate' }))).statusCode).toBe(409);
    expect((await create(body({ name: 'North gate' }), w.eventAdminB, w.eventB)).statusCode).toBe(201);
    expect((await update(first.id, body({ name: 'North gate', allowsReentry: true }))).statusCode).toBe(200);
  });

  it('deletes a list without scans (and takes it off its devices), refuses one with scans', async () => {
    const unused = await created(body({ name: 'Unused door' }));
    const [device] = await t.db
      .insert(checkInDevices)
      .values({ eventId: w.eventA, name: 'Phone 1' })
      .returning({ id: checkInDevices.id });
    await t.db.insert(checkInDeviceLists).values({ deviceId: device!.id, listId: unused.id });
    expect((await remove(unused.id)).statusCode).toBe(204);
    expect(await listOf(w.eventA)).not.toContain('Unused door');
    expect(await t.db.select().from(checkInDeviceLists).where(eq(checkInDeviceLists.deviceId, device!.id))).toEqual([]);

    const used = await created(body({ name: 'Used door' }));
    await t.db.insert(checkIns).values({
      eventId: w.eventA,
      listId: used.id,
      deviceId: device!.id,
      code: 'NOPE',
      direction: 'entry',
      method: 'camera',
      result: 'unknown',
      nonce: 'nonce-used-door',
      scannedAt: new Date(),
    });
    const refused = await remove(used.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/scanned at this list/);
    expect(await listOf(w.eventA)).toContain('Used door');
  });

  it('is another event’s list for an event admin of B: 404, nothing changed; the lists of B are not listed to A', async () => {
    const list = await created(body({ name: 'A only' }));
    expect((await update(list.id, body({ name: 'Taken' }), w.eventAdminB)).statusCode).toBe(404);
    expect((await remove(list.id, w.eventAdminB)).statusCode).toBe(404);
    expect(
      (await t.request(w.eventAdminB, { method: 'GET', url: `/api/admin/events/${w.eventA}/check-in-lists` }))
        .statusCode,
    ).toBe(404);
    expect(await listOf(w.eventA)).toContain('A only');
    // A system admin reaches every event.
    expect((await update(list.id, body({ name: 'A only', scansExits: true }), w.systemAdmin)).statusCode).toBe(200);
  });

  it('is for whoever may manage check-in; an exhibitor may not read the lists', async () => {
    expect(
      (await t.request(w.exhibitorA, { method: 'GET', url: `/api/admin/events/${w.eventA}/check-in-lists` }))
        .statusCode,
    ).toBe(403);
    expect((await create(body({ name: 'By an exhibitor' }), w.exhibitorA)).statusCode).toBe(403);
  });
});
