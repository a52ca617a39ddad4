import { DEVICE_TOKEN_PREFIX, type Device, type Pairing } from '@portal/shared/check-in';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInDevices, checkInLists } from '../../db/schema/check-in';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';
import { secretHash } from './pairing';

const MAX_PAIRS_PER_ADDRESS = 5;
let t: TestApp;
let w: World;
let hallA: number;
let loungeA: number;
let hallB: number;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_ATTEMPTS_PER_ADDRESS: MAX_PAIRS_PER_ADDRESS, PUBLIC_URL: 'https://portal.test' });
  w = await createWorld(t);
  const lists = await t.db
    .insert(checkInLists)
    .values([
      { eventId: w.eventA, name: 'Hall', rules: [{ badgeType: 'exhibitor', windows: [] }] },
      { eventId: w.eventA, name: 'Lounge', rules: [{ badgeType: 'vip', windows: [] }] },
      { eventId: w.eventB, name: 'Hall', rules: [{ badgeType: 'exhibitor', windows: [] }] },
    ])
    .returning({ id: checkInLists.id });
  [hallA, loungeA, hallB] = lists.map((l) => l.id) as [number, number, number];
});
afterAll(() => t.close());

let address = 0;
/** Each call from its own address unless one is given, so the attempt limit meets only the test about it. */
const pair = (code: string, remoteAddress = `10.0.0.${++address}`) =>
  t.request(null, { method: 'POST', url: '/api/check-in/pair', payload: { code }, remoteAddress });
const rowOf = async (id: number) => (await t.db.select().from(checkInDevices).where(eq(checkInDevices.id, id)))[0]!;
const newCode = (id: number, as: TestUser = w.eventAdminA) =>
  t.request(as, { method: 'POST', url: `/api/admin/check-in-devices/${id}/pairing-code` });
const revoke = (id: number, as: TestUser = w.eventAdminA) =>
  t.request(as, { method: 'POST', url: `/api/admin/check-in-devices/${id}/revoke` });

async function addDevice(
  payload: object = { name: 'North door phone', role: 'supervisor', listIds: [hallA, loungeA] },
): Promise<Pairing> {
  const res = await t.request(w.eventAdminA, {
    method: 'POST',
    url: `/api/admin/events/${w.eventA}/check-in-devices`,
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

describe('check-in devices', () => {
  it('adds a device waiting for its pairing, with a code shown once and stored only hashed', async () => {
    const before = Date.now();
    const pairing = await addDevice();
    expect(pairing.code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    const plain = pairing.code.replace('-', '');
    expect(pairing.url).toBe(`https://portal.test/check-in/pair#code=${plain}`);
    expect(Date.parse(pairing.expiresAt) - before).toBeGreaterThan(14 * 60_000);
    expect(Date.parse(pairing.expiresAt) - before).toBeLessThan(16 * 60_000);
    expect(pairing.device).toMatchObject({
      eventId: w.eventA,
      name: 'North door phone',
      role: 'supervisor',
      listIds: [hallA, loungeA].sort((a, b) => a - b),
      status: 'waiting',
      pairedAt: null,
    });
    const row = await rowOf(pairing.device.id);
    expect(row.pairingCodeHash).toBe(secretHash(plain));
    expect(row.tokenHash).toBeNull();

    const listed = await t.request(w.eventAdminA, {
      method: 'GET',
      url: `/api/admin/events/${w.eventA}/check-in-devices`,
    });
    expect(listed.json().data.find((d: Device) => d.id === pairing.device.id)).toEqual(pairing.device);
  });

  it.each([
    ['name', { name: ' ', listIds: [1] }],
    ['role', { name: 'Phone', role: 'boss', listIds: [1] }],
    ['listIds', { name: 'Phone', listIds: [] }],
    ['listIds.0', { name: 'Phone', listIds: ['one'] }],
  ])('refuses a bad %s with 400 at that field', async (field, payload) => {
    const count = (await t.db.select().from(checkInDevices)).length;
    const res = await t.request(w.eventAdminA, {
      method: 'POST',
      url: `/api/admin/events/${w.eventA}/check-in-devices`,
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    expect((await t.db.select().from(checkInDevices)).length).toBe(count);
  });

  it('refuses lists of another event, at their place, on adding and on changing', async () => {
    const count = (await t.db.select().from(checkInDevices)).length;
    const res = await t.request(w.eventAdminA, {
      method: 'POST',
      url: `/api/admin/events/${w.eventA}/check-in-devices`,
      payload: { name: 'Phone', listIds: [hallA, hallB] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'listIds.1', message: 'Not a check-in list of this event' }]);
    expect((await t.db.select().from(checkInDevices)).length).toBe(count);

    const { device } = await addDevice({ name: 'Side door', listIds: [hallA] });
    const changed = await t.request(w.eventAdminA, {
      method: 'PUT',
      url: `/api/admin/check-in-devices/${device.id}`,
      payload: { name: 'Side door', listIds: [hallB] },
    });
    expect(changed.statusCode).toBe(400);
    const ok = await t.request(w.eventAdminA, {
      method: 'PUT',
      url: `/api/admin/check-in-devices/${device.id}`,
      payload: { name: 'Side door 2', role: 'supervisor', listIds: [loungeA] },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ name: 'Side door 2', role: 'supervisor', listIds: [loungeA] });
  });

  it('pairs a device once with its code, typed with a dash or in lower case, and tells it its event and lists', async () => {
    const pairing = await addDevice();
    const res = await pair(pairing.code.toLowerCase());
    expect(res.statusCode, res.body).toBe(200);
    const { token, device } = res.json().data;
    expect(token.startsWith(DEVICE_TOKEN_PREFIX)).toBe(true);
    expect(Buffer.from(token.slice(DEVICE_TOKEN_PREFIX.length), 'base64url')).toHaveLength(32);
    expect(device).toMatchObject({
      id: pairing.device.id,
      name: 'North door phone',
      role: 'supervisor',
      event: { id: w.eventA, name: 'Event A', timezone: 'UTC' },
    });
    expect(device.lists.map((l: { name: string }) => l.name)).toEqual(['Hall', 'Lounge']);
    const row = await rowOf(pairing.device.id);
    expect(row.tokenHash).toBe(secretHash(token));
    expect(row.pairingCodeHash).toBeNull();
    expect(row.pairedAt).not.toBeNull();

    const again = await pair(pairing.code);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('This pairing code is not valid. Ask for a new one.');
    expect((await rowOf(pairing.device.id)).tokenHash).toBe(secretHash(token));
  });

  it('refuses an expired code and a code never given, with the same answer', async () => {
    const pairing = await addDevice();
    await t.db
      .update(checkInDevices)
      .set({ pairingExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(checkInDevices.id, pairing.device.id));
    const expired = await pair(pairing.code);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toBe('This pairing code is not valid. Ask for a new one.');
    expect((await rowOf(pairing.device.id)).tokenHash).toBeNull();
    expect((await pair('ZZZZ-ZZZZ')).json().message).toBe('This pairing code is not valid. Ask for a new one.');
    const malformed = await pair('ABC');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details[0].field).toBe('code');
  });

  it('replaces the token when the device pairs with a new code: the old hash is gone only then', async () => {
    const first = await addDevice();
    const firstToken = (await pair(first.code)).json().data.token as string;
    const second = await newCode(first.device.id);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.device.status).toBe('paired');
    expect(second.json().data.code).not.toBe(first.code);
    // Until the new code is used, the old token keeps working.
    expect((await rowOf(first.device.id)).tokenHash).toBe(secretHash(firstToken));
    const secondToken = (await pair(second.json().data.code)).json().data.token as string;
    expect(secondToken).not.toBe(firstToken);
    const row = await rowOf(first.device.id);
    expect(row.tokenHash).toBe(secretHash(secondToken));
    expect(
      await t.db
        .select()
        .from(checkInDevices)
        .where(eq(checkInDevices.tokenHash, secretHash(firstToken))),
    ).toEqual([]);
    // The first code was used; a code replaced before use stops too.
    const third = (await newCode(first.device.id)).json().data.code as string;
    const fourth = (await newCode(first.device.id)).json().data.code as string;
    expect((await pair(third)).statusCode).toBe(404);
    expect((await pair(fourth)).statusCode).toBe(200);
  });

  it('revokes a device: its token and code stop at once, and it gets no new code', async () => {
    const pairing = await addDevice();
    await pair(pairing.code);
    const unused = (await newCode(pairing.device.id)).json().data.code as string;
    const res = await revoke(pairing.device.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'revoked' });
    const row = await rowOf(pairing.device.id);
    expect(row.tokenHash).toBeNull();
    expect(row.pairingCodeHash).toBeNull();
    expect((await pair(unused)).statusCode).toBe(404);
    const refused = await newCode(pairing.device.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This device is revoked. Add a new device instead.');
    // Revoking again keeps the first time.
    expect((await revoke(pairing.device.id)).json().data.revokedAt).toBe(res.json().data.revokedAt);
  });

  it('limits pairing attempts per address, as sign-ins are', async () => {
    for (let i = 0; i < MAX_PAIRS_PER_ADDRESS; i++) expect((await pair('ZZZZ-ZZZZ', '10.9.9.9')).statusCode).toBe(404);
    const pairing = await addDevice();
    const limited = await pair(pairing.code, '10.9.9.9');
    expect(limited.statusCode).toBe(429);
    expect((await rowOf(pairing.device.id)).tokenHash).toBeNull();
    expect((await pair(pairing.code, '10.9.9.10')).statusCode).toBe(200);
  });

  it('is another event’s device for an event admin of B: 404, nothing changed', async () => {
    const pairing = await addDevice();
    expect((await newCode(pairing.device.id, w.eventAdminB)).statusCode).toBe(404);
    expect((await revoke(pairing.device.id, w.eventAdminB)).statusCode).toBe(404);
    const put = await t.request(w.eventAdminB, {
      method: 'PUT',
      url: `/api/admin/check-in-devices/${pairing.device.id}`,
      payload: { name: 'Taken', listIds: [hallB] },
    });
    expect(put.statusCode).toBe(404);
    expect(
      (await t.request(w.eventAdminB, { method: 'GET', url: `/api/admin/events/${w.eventA}/check-in-devices` }))
        .statusCode,
    ).toBe(404);
    const row = await rowOf(pairing.device.id);
    expect(row).toMatchObject({
      name: 'North door phone',
      revokedAt: null,
      pairingCodeHash: secretHash(pairing.code.replace('-', '')),
    });
  });
});
