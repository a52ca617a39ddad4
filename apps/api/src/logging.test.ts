import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { admins } from './db/schema/admins';
import { hashPassword } from './features/auth/passwords';
import { redactUrl, serializeError } from './lib/log-serializers';
import { openTestDatabase } from './test/database';
import { TEST_SECRET } from './test/harness';

let app: FastifyInstance;
let database: DatabaseHandle;
let lines: string[] = [];
const logged = () => lines.join('');

const SECRET_HASH_INPUT = 'Brand-New-Secret-77';
let secretHash: string;

beforeAll(async () => {
  database = await openTestDatabase();
  secretHash = await hashPassword(SECRET_HASH_INPUT);
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' });
  app = await buildApp({ config, database, secret: TEST_SECRET, logStream });
  // Two real database failures, as a route would meet them: a duplicate email written with a new
  // password's hash, and a value PostgreSQL quotes back in its own message.
  app.get('/test/duplicate-account', async () => {
    const values = { email: 'taken@log.example', passwordHash: secretHash, firstName: 'Log', lastName: 'Test' };
    await database.db.insert(admins).values(values);
    await database.db.insert(admins).values(values);
  });
  app.get('/test/bad-cast', async () => {
    await database.db.execute(sql`select ${'Quoted-Secret-Value'}::integer`);
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('error logging', () => {
  it('logs a failed query with its class, code, constraint and request id, never its parameters or detail', async () => {
    lines = [];
    const res = await app.inject({ method: 'GET', url: '/test/duplicate-account', headers: { 'x-request-id': 'req-dup-1' } });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('taken@log.example');
    const entry = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.msg === 'request failed');
    expect(entry).toMatchObject({
      requestId: 'req-dup-1',
      err: { type: 'DrizzleQueryError', message: 'Failed query', cause: { code: '23505', constraint: 'admins_email_key' } },
    });
    expect(logged()).not.toContain(secretHash);
    expect(logged()).not.toContain('$argon2');
    expect(logged()).not.toContain('taken@log.example');
  });

  it('drops the values PostgreSQL quotes in its own message', async () => {
    lines = [];
    expect((await app.inject({ method: 'GET', url: '/test/bad-cast' })).statusCode).toBe(500);
    expect(logged()).toContain('22P02');
    expect(logged()).not.toContain('Quoted-Secret-Value');
  });

  it('keeps the message and stack of an ordinary error and describes a cause that is not an error', () => {
    const error = new Error('Outbox round failed', { cause: { password: 'x' } });
    const out = serializeError(error);
    expect(out).toMatchObject({ type: 'Error', message: 'Outbox round failed', cause: 'object' });
    expect(out.stack).toMatch(/^Error: Outbox round failed\n\s+at /);
  });
});

describe('request logging', () => {
  const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzZWNyZXQtc3NvIn0.c2lnbmF0dXJlLXNlY3JldA';

  it.each([
    ['the single sign-on token', `/api/integrations/jwt/verify/${token}`],
    ['a public registration link', `/api/registration-links/${token}`],
    ['a registration link’s form', `/api/admin/registration-links/${token}/create`],
    ['a query string token', `/api/auth/me?token=${token}&x=1`],
    ['an invitation page', `/accept-invitation/${token}`],
    ['a password reset page', `/reset-password/${token}`],
    ['a password reset route', `/api/auth/password-reset/${token}`],
    ['a doubled slash', `//api//integrations/jwt/verify/${token}`],
    ['a sandbox checkout session', `/api/payments/sandbox/${token}`],
    ['a sandbox checkout session’s outcome', `/api/payments/sandbox/${token}/outcome`],
    ['the sandbox checkout page', `/payments/sandbox/${token}`],
    ['a payment status capability', `/api/payment-status/12?t=${token}`],
    ['a checkout session id in a return address', `/payment-status/12?session_id=${token}`],
  ])('never writes %s to the log', async (_case, url) => {
    lines = [];
    await app.inject({ method: 'GET', url });
    expect(logged()).toContain('incoming request');
    expect(logged()).not.toContain(token);
    expect(logged()).toContain('[redacted]');
  });

  it('keeps the rest of the URL readable', () => {
    expect(redactUrl('/api/admin/registration-links/abcdefghijklmnop/create?x=1')).toBe('/api/admin/registration-links/[redacted]/create?x=1');
    expect(redactUrl('/api/events?page=2&Refresh_Token=abc')).toBe('/api/events?page=2&Refresh_Token=[redacted]');
    expect(redactUrl('/api/events/12')).toBe('/api/events/12');
    // A payment status link's capability, and only that key.
    expect(redactUrl('/api/payment-status/7?t=abc.def&tab=x')).toBe('/api/payment-status/7?t=[redacted]&tab=x');
  });
});
