import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorld, TEST_PASSWORD, type TestApp, type World } from './test/harness';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_ATTEMPTS_PER_ADDRESS: 10_000 });
  w = await createWorld(t);
});
afterAll(() => t.close());

describe('Cache-Control', () => {
  it('forbids storing a sign-in, the signed-in account, a list and an error', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { email: w.systemAdmin.email, password: TEST_PASSWORD } });
    expect(login.statusCode).toBe(200);
    const answers = [
      login,
      await t.request(w.systemAdmin, { method: 'GET', url: '/api/auth/me' }),
      await t.request(w.systemAdmin, { method: 'GET', url: '/api/admin/admins' }),
      await t.request(w.systemAdmin, { method: 'GET', url: '/api/events/999999' }),
      await t.request(null, { method: 'GET', url: '/api/auth/me' }),
      await t.request(w.systemAdmin, { method: 'GET', url: '/api/events?page=0' }),
      await t.request(null, { method: 'GET', url: '/api/no-such-route' }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 404, 401, 400, 404]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('leaves the health check and the API documentation cacheable', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(health.headers['cache-control']).toBeUndefined();
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['cache-control']).not.toBe('no-store');
  });
});
