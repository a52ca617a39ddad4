import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_ATTEMPTS_PER_ADDRESS: 10_000 });
  w = await createWorld(t);
});
afterAll(() => t.close());

const createLink = (as: TestUser, payload: object) => t.request(as, { method: 'POST', url: '/api/admin/registration-links', payload });
const register = (id: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/admin/registration-links/${id}/create`, payload });

let n = 0;
const company = () => ({
  companyName: `Self Registered ${++n}`,
  firstName: 'Siri',
  lastName: 'Solberg',
  email: `siri${n}@self.example`,
  password: 'Self-Register-2027',
});

describe('exhibitor registration links', () => {
  it('shows the event publicly and lets a company register itself, which can then sign in', async () => {
    const link = (await createLink(w.eventAdminA, { eventId: w.eventA, kind: 'exhibitor' })).json().data;
    expect(link.id).toMatch(/^[\w-]{24}$/);
    const info = await t.app.inject({ method: 'GET', url: `/api/registration-links/${link.id}` });
    expect(info.statusCode).toBe(200);
    expect(info.json().data).toMatchObject({ kind: 'exhibitor', event: { name: 'Event A' } });
    const body = company();
    const res = await register(link.id, body);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ companyName: body.companyName, eventName: 'Event A' });
    const login = await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { email: body.email, password: body.password } });
    expect(login.json().admin).toMatchObject({ type: 'exhibitor', eventId: w.eventA });
  });

  it('never lets concurrent registrations pass the link’s maximum', async () => {
    const link = (await createLink(w.systemAdmin, { eventId: w.eventB, kind: 'exhibitor', maxUses: 3 })).json().data;
    const results = await Promise.all(Array.from({ length: 8 }, () => register(link.id, company())));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 410)).toHaveLength(5);
    const info = await t.app.inject({ method: 'GET', url: `/api/registration-links/${link.id}` });
    expect(info.statusCode).toBe(410);
    expect(info.json().message).toBe('This registration link has reached its limit');
  });

  it('refuses an expired link, an unknown one and a malformed one', async () => {
    const expired = (
      await createLink(w.systemAdmin, { eventId: w.eventA, kind: 'exhibitor', expiresAt: new Date(Date.now() - 60_000).toISOString() })
    ).json().data;
    const res = await register(expired.id, company());
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe('This registration link has expired');
    expect((await register('A'.repeat(24), company())).statusCode).toBe(404);
    expect((await register('bad', company())).statusCode).toBe(400);
  });

  it('does not count a failed registration against the link', async () => {
    const link = (await createLink(w.systemAdmin, { eventId: w.eventA, kind: 'exhibitor', maxUses: 1 })).json().data;
    expect((await register(link.id, { ...company(), email: w.exhibitorA.email })).statusCode).toBe(409);
    expect((await register(link.id, { ...company(), password: 'weak' })).statusCode).toBe(400);
    expect((await register(link.id, company())).statusCode).toBe(201);
  });

  it('lets an event admin create links for its own event only', async () => {
    const res = await createLink(w.eventAdminA, { eventId: w.eventB, kind: 'exhibitor' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('eventId');
  });
});

describe('managing registration links', () => {
  it('lists the links of the caller’s event and revokes one, which then answers 404', async () => {
    const link = (await createLink(w.eventAdminA, { eventId: w.eventA, kind: 'exhibitor', maxUses: 5 })).json().data;
    const listed = await t.request(w.eventAdminA, { method: 'GET', url: '/api/admin/registration-links?kind=exhibitor' });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.every((l: { eventId: number }) => l.eventId === w.eventA)).toBe(true);
    expect(listed.json().data.map((l: { id: string }) => l.id)).toContain(link.id);
    expect((await t.request(w.eventAdminB, { method: 'DELETE', url: `/api/admin/registration-links/${link.id}` })).statusCode).toBe(404);
    expect((await t.request(w.eventAdminA, { method: 'DELETE', url: `/api/admin/registration-links/${link.id}` })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/registration-links/${link.id}` })).statusCode).toBe(404);
    expect((await register(link.id, company())).statusCode).toBe(404);
    const after = (await t.request(w.eventAdminA, { method: 'GET', url: '/api/admin/registration-links' })).json().data;
    expect(after.find((l: { id: string }) => l.id === link.id).revokedAt).not.toBeNull();
  });
});
