import { verify } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { allocations } from '../../db/schema/badges';
import { createTestApp, createWorld, TEST_PASSWORD, type TestApp, type World } from '../../test/harness';

/**
 * Spec §3's shapes: the exhibitor user with its password, the user with `event {name}` and
 * `createdAt`, the signed-in admin with `createdAt`.
 */
let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  await t.db.insert(allocations).values({ eventId: w.eventA, adminId: w.exhibitorA.id, badgeCategoryId: w.categoryA, quantity: 10 });
});
afterAll(() => t.close());

const BOUNDARY = '----portal-spec-boundary';
function form(fields: Record<string, string>) {
  const parts = Object.entries(fields).map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return { payload: `${parts.join('')}--${BOUNDARY}--\r\n`, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

let n = 0;
/** An exhibitor user with every field of spec §3. */
const specUser = (extra: Record<string, unknown> = {}) => ({
  firstName: 'Siri',
  lastName: `Holm ${++n}`,
  email: `siri${n}@spec.example`,
  password: 'Badge-Holder-2027',
  phone: '+47 400 00 000',
  type: 'exhibitor',
  exhibitorId: w.exhibitorA.id,
  badgeCategoryId: w.categoryA,
  adminId: w.exhibitorA.id,
  eventId: w.eventA,
  customFieldValues: [],
  ...extra,
});

const storedHash = async (id: number) =>
  (await queryRows<{ password_hash: string | null }>(t.db, sql`select password_hash from badges where id = ${id}`))[0]!.password_hash;

describe('the exhibitor user of spec §3', () => {
  it('takes its password as JSON, stores it hashed and never answers it', async () => {
    const res = await t.request(w.eventAdminA, { method: 'POST', url: '/api/users', payload: specUser() });
    expect(res.statusCode).toBe(201);
    expect(res.body).not.toContain('Badge-Holder-2027');
    expect(Object.keys(res.json().data)).not.toEqual(expect.arrayContaining(['password']));
    expect(res.body).not.toMatch(/password/i);
    const hash = await storedHash(res.json().data.id);
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verify(hash!, 'Badge-Holder-2027')).toBe(true);
    const audit = await queryRows<{ after: unknown }>(t.db, sql`select after from audit_log where entity_type = 'badge' and entity_id = ${res.json().data.id}`);
    expect(JSON.stringify(audit)).not.toContain('Badge-Holder-2027');
  });

  it('takes its password in a multipart form too', async () => {
    const { customFieldValues: _answers, ...fields } = specUser();
    const body = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]));
    const res = await t.request(w.eventAdminA, { method: 'POST', url: '/api/admin/exhibitor-users', ...form({ ...body, customFieldValues: '[]' }) });
    expect(res.statusCode, res.body).toBe(201);
    expect(await verify((await storedHash(res.json().data.id))!, 'Badge-Holder-2027')).toBe(true);
  });

  it('holds the password to the password rules, naming the field', async () => {
    const res = await t.request(w.eventAdminA, { method: 'POST', url: '/api/users', payload: specUser({ password: 'short-pw' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'password', message: 'Use at least 10 characters' }]);
  });

  it('is created without a password when none is given', async () => {
    const { password: _none, ...withoutPassword } = specUser();
    const res = await t.request(w.eventAdminA, { method: 'POST', url: '/api/users', payload: withoutPassword });
    expect(res.statusCode).toBe(201);
    expect(await storedHash(res.json().data.id)).toBeNull();
  });

  it('is updated with the spec’s whole shape, a new password replacing the old, and refuses a move', async () => {
    const created = (await t.request(w.eventAdminA, { method: 'POST', url: '/api/users', payload: specUser() })).json().data;
    const before = await storedHash(created.id);
    const { password: _old, ...same } = specUser({ email: created.email, firstName: 'Sigrid' });
    const kept = await t.request(w.eventAdminA, { method: 'PUT', url: `/api/users/${created.id}`, payload: same });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.firstName).toBe('Sigrid');
    expect(await storedHash(created.id)).toBe(before);

    const changed = await t.request(w.eventAdminA, {
      method: 'PUT',
      url: `/api/users/${created.id}`,
      ...form({ firstName: 'Sigrid', password: 'Another-Secret-2027', badgeCategoryId: String(w.categoryA), type: 'exhibitor' }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await verify((await storedHash(created.id))!, 'Another-Secret-2027')).toBe(true);

    for (const [field, value] of [
      ['badgeCategoryId', w.vipCategoryA],
      ['type', 'vip'],
      ['eventId', w.eventB],
      ['exhibitorId', w.exhibitorB.id],
      ['adminId', w.subAccountA.id],
    ] as const) {
      const moved = await t.request(w.eventAdminA, { method: 'PUT', url: `/api/users/${created.id}`, payload: { [field]: value } });
      expect(moved.statusCode, field).toBe(400);
      expect(moved.json().details[0].field).toBe(field);
    }
  });
});

describe('the user of spec §3 as the API answers it', () => {
  it('carries event {name} and createdAt in the list and the record', async () => {
    const list = await t.request(w.eventAdminA, { method: 'GET', url: `/api/users?eventId=${w.eventA}` });
    expect(list.statusCode).toBe(200);
    const first = list.json().data[0];
    expect(first).toMatchObject({ eventId: w.eventA, event: { id: w.eventA, name: 'Event A' }, createdAt: expect.any(String), name: expect.any(String) });
    const one = await t.request(w.eventAdminA, { method: 'GET', url: `/api/users/${first.id}` });
    expect(one.json().data).toMatchObject({ event: { id: w.eventA, name: 'Event A' }, createdAt: first.createdAt });
    const dashboard = await t.request(w.eventAdminA, { method: 'GET', url: '/api/dashboard/summary' });
    expect(dashboard.json().data.recentUsers[0]).toEqual({
      id: expect.any(Number),
      firstName: expect.any(String),
      lastName: expect.any(String),
      name: expect.any(String),
      email: expect.any(String),
      eventId: w.eventA,
      event: { id: w.eventA, name: 'Event A' },
      eventName: 'Event A',
      createdAt: expect.any(String),
    });
  });

  it('gives the signed-in admin its createdAt, at login and from the profile call', async () => {
    const login = await t.request(null, { method: 'POST', url: '/api/admin/auth/login', payload: { email: w.eventAdminA.email, password: TEST_PASSWORD } });
    expect(login.statusCode).toBe(200);
    const createdAt = login.json().admin.createdAt;
    expect(new Date(createdAt).toISOString()).toBe(createdAt);
    const me = await t.request(w.eventAdminA, { method: 'GET', url: '/api/auth/me' });
    expect(me.json().data.createdAt).toBe(createdAt);
  });
});
