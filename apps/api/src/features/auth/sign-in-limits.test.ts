import { Redis } from 'ioredis';
import { once } from 'node:events';
import { createConnection, createServer, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../config';
import { createRedisLimiter } from '../../lib/attempt-limiter';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness';

const REDIS_URL = 'redis://127.0.0.1:6379';
/** Nothing listens on port 1: connections are refused at once. */
const UNREACHABLE_REDIS_URL = 'redis://127.0.0.1:1';

const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});

async function appWith(overrides: Partial<Config>): Promise<TestApp> {
  const t = await createTestApp(overrides);
  apps.push(t);
  return t;
}

let addresses = 0;
/** An address no other test in this run uses, so counters never carry over between tests or runs on one Redis. */
const freshAddress = () => `10.${(process.pid >> 8) & 255}.${process.pid & 255}.${++addresses}`;

const login = (
  t: TestApp,
  email: string,
  password: string,
  remoteAddress: string,
  headers: Record<string, string> = {},
) =>
  t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { email, password }, remoteAddress, headers });

const rateLimiterOf = async (t: TestApp) => (await t.app.inject({ url: '/api/health' })).json().rateLimiter;

async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 15_000): Promise<T> {
  const started = Date.now();
  let value = await read();
  while (JSON.stringify(value) !== JSON.stringify(expected) && Date.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

describe.each([
  { store: 'memory', REDIS_URL: undefined },
  { store: 'redis', REDIS_URL },
])('concurrent wrong passwords, counted in $store', ({ store, REDIS_URL: url }) => {
  it('let at most the limit through, however many arrive at once', async () => {
    const t = await appWith({
      LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: 5,
      LOGIN_MAX_ATTEMPTS_PER_ADDRESS: 1000,
      REDIS_URL: url,
    });
    expect(await eventually(() => rateLimiterOf(t), { store, degraded: false })).toEqual({ store, degraded: false });
    const user = await t.createUser({});
    const address = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_v, i) => login(t, user.email, `wrong-password-${i}`, address)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(5).fill(401), ...Array<number>(20).fill(429)]);
    // The right password from that address is refused too: the pair is over its limit.
    expect((await login(t, user.email, TEST_PASSWORD, address)).statusCode).toBe(429);
  });
});

describe('the client address behind a proxy', () => {
  const proxy = '127.0.0.1';
  const inventedAddress = (i: number) => `203.0.${Math.floor(i / 250)}.${(i % 250) + 1}`;

  // nginx appends the address it saw to whatever X-Forwarded-For the client sent.
  const guessThroughProxy = async (t: TestApp, client: string) => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const forwardedFor = `${inventedAddress(i)}, ${client}`;
      const answer = await login(t, `nobody-${i}@test.example`, 'wrong-password-1', proxy, {
        'x-forwarded-for': forwardedFor,
      });
      statuses.push(answer.statusCode);
    }
    return statuses;
  };

  it.each(['1', '127.0.0.0/8, ::1'])(
    'with TRUST_PROXY=%s, 40 guesses under 40 invented X-Forwarded-For addresses reach the per-address limit',
    async (setting) => {
      const t = await appWith({
        TRUST_PROXY: loadConfig({ TRUST_PROXY: setting }).TRUST_PROXY,
        LOGIN_MAX_ATTEMPTS_PER_ADDRESS: 30,
      });
      const statuses = await guessThroughProxy(t, freshAddress());
      expect(statuses).toEqual([...Array<number>(30).fill(401), ...Array<number>(10).fill(429)]);
      // Another client behind the same proxy is counted on its own.
      const other = await login(t, 'nobody@test.example', 'wrong-password-1', proxy, {
        'x-forwarded-for': freshAddress(),
      });
      expect(other.statusCode).toBe(401);
    },
  );

  it('ignores X-Forwarded-For from a client that is not one of the listed proxies', async () => {
    const t = await appWith({
      TRUST_PROXY: loadConfig({ TRUST_PROXY: '192.0.2.10' }).TRUST_PROXY,
      LOGIN_MAX_ATTEMPTS_PER_ADDRESS: 3,
    });
    const direct = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await login(t, `nobody-${i}@test.example`, 'wrong-password-1', direct, {
        'x-forwarded-for': inventedAddress(i),
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('refuses a TRUST_PROXY that is neither a hop count, a flag nor addresses, naming it', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    // A bare `true` once meant "believe every entry"; it now means the one proxy it usually is.
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
  });
});

describe('sign-in while Redis is unreachable', () => {
  it('signs in from an in-process count, still limits, and says so on the health check', async () => {
    const t = await appWith({
      REDIS_URL: UNREACHABLE_REDIS_URL,
      LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: 3,
      LOGIN_MAX_ATTEMPTS_PER_ADDRESS: 1000,
    });
    const user = await t.createUser({});
    expect((await login(t, user.email, TEST_PASSWORD, freshAddress())).statusCode).toBe(200);
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await login(t, user.email, 'wrong-password-1', address)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect(await rateLimiterOf(t)).toEqual({ store: 'memory', degraded: true });
  });

  it('logs the fall-back once, however many attempts it counts', async () => {
    const warnings: string[] = [];
    const limiter = createRedisLimiter(UNREACHABLE_REDIS_URL, 60, {
      warn: (_o, message) => warnings.push(message),
      info: () => {},
    });
    try {
      const counts = [];
      for (let i = 0; i < 4; i++) counts.push((await limiter.hit('k')).count);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(counts).toEqual([1, 2, 3, 4]);
      expect(warnings).toEqual([
        'Redis is not reachable: sign-in attempts are counted in this process until it is back',
      ]);
    } finally {
      await limiter.close();
    }
  });

  it('counts in Redis again once it is back', async () => {
    // A relay to the real Redis that the test can cut, standing in for Redis going away and returning.
    let cut = true;
    const open = new Set<Socket>();
    const relay = createServer((socket) => {
      if (cut) return socket.destroy();
      const upstream = createConnection({ host: '127.0.0.1', port: 6379 });
      open.add(socket);
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
      socket.on('close', () => (open.delete(socket), upstream.destroy()));
    });
    relay.listen(0, '127.0.0.1');
    await once(relay, 'listening');
    const direct = new Redis(REDIS_URL);
    try {
      const port = (relay.address() as { port: number }).port;
      const t = await appWith({ REDIS_URL: `redis://127.0.0.1:${port}` });
      expect(await rateLimiterOf(t)).toEqual({ store: 'memory', degraded: true });
      cut = false;
      expect(await eventually(() => rateLimiterOf(t), { store: 'redis', degraded: false })).toEqual({
        store: 'redis',
        degraded: false,
      });
      const user = await t.createUser({});
      const address = freshAddress();
      expect((await login(t, user.email, 'wrong-password-1', address)).statusCode).toBe(401);
      expect(await direct.get(`portal:attempts:pair:${address}:${user.email}`)).toBe('1');

      // Away again: the next sign-in is counted in memory at once.
      cut = true;
      for (const socket of open) socket.destroy();
      expect(await eventually(() => rateLimiterOf(t), { store: 'memory', degraded: true })).toEqual({
        store: 'memory',
        degraded: true,
      });
      expect((await login(t, user.email, TEST_PASSWORD, freshAddress())).statusCode).toBe(200);
    } finally {
      direct.disconnect();
      relay.close();
    }
  });
});
