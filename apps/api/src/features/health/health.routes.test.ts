import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.app.close();
  t = undefined;
});

describe('health', () => {
  it('reports the API, a connected database and the uptime, without signing in', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      api: { status: 'ok' },
      database: { connected: true },
      rateLimiter: { store: 'memory', degraded: false },
      uptime: expect.any(Number),
    });
    await t.database.close();
  });

  it('still answers 200 with connected false when the database is down', async () => {
    t = await createTestApp();
    await t.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().database).toEqual({ connected: false });
  });
});
