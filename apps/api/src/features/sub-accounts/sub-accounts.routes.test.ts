import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
});
afterAll(() => t.close());

const send = (as: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.request(as, { method, url, payload });
const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { email, password } });

let n = 0;
const newSub = (extra: object = {}) => ({
  firstName: 'Per',
  lastName: 'Hansen',
  email: `per${++n}@sub.example`,
  password: 'Sub-Account-2027',
  ...extra,
});

describe('sub-accounts', () => {
  it('an exhibitor creates its own sub-account, which signs in as a sub-account of that exhibitor', async () => {
    const body = newSub();
    const res = await send(w.exhibitorA, 'POST', '/api/admin/sub-accounts', body);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ exhibitorId: w.exhibitorA.id, eventId: w.eventA, companyName: 'Company A', name: 'Per Hansen' });
    const login = (await signIn(body.email, body.password)).json();
    expect(login.admin).toMatchObject({ type: 'sub-account', exhibitorId: w.exhibitorA.id, eventId: w.eventA });
  });

  it('an exhibitor cannot create one under another exhibitor', async () => {
    const res = await send(w.exhibitorA, 'POST', '/api/admin/sub-accounts', newSub({ exhibitorId: w.exhibitorB.id }));
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('exhibitorId');
  });

  it('an admin names the exhibitor, within its scope', async () => {
    const missing = await send(w.eventAdminA, 'POST', '/api/admin/sub-accounts', newSub());
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details[0].field).toBe('exhibitorId');
    const foreign = await send(w.eventAdminA, 'POST', '/api/admin/sub-accounts', newSub({ exhibitorId: w.exhibitorB.id }));
    expect(foreign.statusCode).toBe(400);
    const notExhibitor = await send(w.systemAdmin, 'POST', '/api/admin/sub-accounts', newSub({ exhibitorId: w.eventAdminA.id }));
    expect(notExhibitor.statusCode).toBe(400);
    const ok = await send(w.eventAdminA, 'POST', '/api/admin/sub-accounts', newSub({ exhibitorId: w.exhibitorA.id }));
    expect(ok.statusCode).toBe(201);
  });

  it('refuses a taken email and a weak password', async () => {
    expect((await send(w.exhibitorA, 'POST', '/api/admin/sub-accounts', newSub({ email: w.eventAdminB.email }))).statusCode).toBe(409);
    expect((await send(w.exhibitorA, 'POST', '/api/admin/sub-accounts', newSub({ password: 'abc' }))).statusCode).toBe(400);
  });

  it('lists only the sub-accounts of the caller’s exhibitor or event', async () => {
    await send(w.exhibitorB, 'POST', '/api/admin/sub-accounts', newSub());
    const ofA = (await send(w.exhibitorA, 'GET', '/api/admin/sub-accounts?per_page=100')).json().data;
    expect(ofA.length).toBeGreaterThan(0);
    expect(ofA.every((s: { exhibitorId: number }) => s.exhibitorId === w.exhibitorA.id)).toBe(true);
    const ofEventB = (await send(w.eventAdminB, 'GET', '/api/admin/sub-accounts?per_page=100')).json().data;
    expect(ofEventB.every((s: { eventId: number }) => s.eventId === w.eventB)).toBe(true);
    const all = (await send(w.systemAdmin, 'GET', `/api/admin/sub-accounts?exhibitorId=${w.exhibitorB.id}`)).json().data;
    expect(all.every((s: { exhibitorId: number }) => s.exhibitorId === w.exhibitorB.id)).toBe(true);
  });

  it('updates and deletes its own sub-accounts; a reset password ends the sessions', async () => {
    const body = newSub();
    const created = (await send(w.exhibitorA, 'POST', '/api/admin/sub-accounts', body)).json().data;
    const session = (await signIn(body.email, body.password)).json();
    const updated = await send(w.exhibitorA, 'PUT', `/api/admin/sub-accounts/${created.id}`, { lastName: 'Larsen', password: 'New-Sub-Pass-2027' });
    expect(updated.json().data.lastName).toBe('Larsen');
    const refresh = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: session.refreshToken } });
    expect(refresh.statusCode).toBe(401);
    expect((await send(w.exhibitorB, 'DELETE', `/api/admin/sub-accounts/${created.id}`)).statusCode).toBe(404);
    expect((await send(w.exhibitorA, 'DELETE', `/api/admin/sub-accounts/${created.id}`)).statusCode).toBe(204);
    expect((await signIn(body.email, 'New-Sub-Pass-2027')).statusCode).toBe(401);
  });

  it('a sub-account cannot manage sub-accounts', async () => {
    expect((await send(w.subAccountA, 'GET', '/api/admin/sub-accounts')).statusCode).toBe(403);
    expect((await send(w.subAccountA, 'POST', '/api/admin/sub-accounts', newSub())).statusCode).toBe(403);
  });
});
