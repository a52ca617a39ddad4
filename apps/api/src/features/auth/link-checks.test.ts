import { AUTH_MESSAGES } from '@portal/shared/auth';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins } from '../../db/schema/admins';
import { oneTimeTokens } from '../../db/schema/auth';
import { createTestApp, createWorld, type TestApp, type World } from '../../test/harness';
import { createOneTimeToken } from './one-time-tokens.repository';

const NEW_PASSWORD = 'Brand-New-Horse-77';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_ATTEMPTS_PER_ADDRESS: 1000 });
  w = await createWorld(t);
});
afterAll(() => t.close());

const post = (url: string, payload: object, ip = '10.4.0.1', app = t) =>
  app.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
const checkReset = (token: unknown, ip?: string) => post('/api/auth/password-reset/check', { token }, ip);
const checkInvitation = (token: unknown, ip?: string) => post('/api/auth/accept-invitation/check', { token }, ip);

describe('checking a password reset link when its page opens', () => {
  it('says a fresh link works, uses nothing up, and says it no longer works once used', async () => {
    const user = await t.createUser({});
    const token = await createOneTimeToken(t.db, user.id, 'password_reset', 1);
    for (let i = 0; i < 2; i++) {
      const res = await checkReset(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { valid: true } });
    }
    expect((await post('/api/auth/password-reset', { token, password: NEW_PASSWORD })).statusCode).toBe(204);
    expect((await checkReset(token)).json()).toEqual({ data: { valid: false } });
  });

  it('says an unknown, an expired, another purpose’s and a deactivated account’s link do not work', async () => {
    const user = await t.createUser({});
    const expired = await createOneTimeToken(t.db, user.id, 'password_reset', 1);
    await t.db
      .update(oneTimeTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oneTimeTokens.adminId, user.id));
    const invitation = await createOneTimeToken(t.db, user.id, 'invitation', 1);
    const other = await t.createUser({});
    const deactivated = await createOneTimeToken(t.db, other.id, 'password_reset', 1);
    await t.db.update(admins).set({ isActive: false }).where(eq(admins.id, other.id));
    for (const token of ['no-such-token', expired, invitation, deactivated])
      expect((await checkReset(token)).json(), token).toEqual({ data: { valid: false } });
  });

  it('refuses a missing or oversized token with 400 on the field', async () => {
    for (const token of [undefined, '', 'x'.repeat(201), 42]) {
      const res = await checkReset(token);
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([expect.objectContaining({ field: 'token' })]);
    }
  });

  it('counts checks against the address’s budget of reset calls: 429 past it', async () => {
    const strict = await createTestApp({ LOGIN_MAX_ATTEMPTS_PER_ADDRESS: 2 });
    try {
      const check = () => post('/api/auth/password-reset/check', { token: 'guess' }, '10.4.9.9', strict);
      expect((await check()).statusCode).toBe(200);
      expect((await check()).statusCode).toBe(200);
      const refused = await check();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(AUTH_MESSAGES.tooManyResetRequests);
      // The reset itself shares the budget.
      const reset = await post(
        '/api/auth/password-reset',
        { token: 'guess', password: NEW_PASSWORD },
        '10.4.9.9',
        strict,
      );
      expect(reset.statusCode).toBe(429);
    } finally {
      await strict.close();
    }
  });
});

describe('checking an invitation link when its page opens', () => {
  it('names the event and the company of a working invitation, and nothing once it is used', async () => {
    const invitee = await t.createUser({ roles: ['Exhibitor'], eventId: w.eventA, companyId: w.companyA });
    const token = await createOneTimeToken(t.db, invitee.id, 'invitation', 1);
    const res = await checkInvitation(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { valid: true, eventName: 'Event A', companyName: 'Company A' } });
    expect((await post('/api/auth/accept-invitation', { token, password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await checkInvitation(token)).json()).toEqual({
      data: { valid: false, eventName: null, companyName: null },
    });
  });

  it('tells nothing of the account behind a reset link, an unknown token or an expired invitation', async () => {
    const user = await t.createUser({ eventId: w.eventB, companyId: w.companyB });
    const reset = await createOneTimeToken(t.db, user.id, 'password_reset', 1);
    const expired = await createOneTimeToken(t.db, user.id, 'invitation', 1);
    await t.db
      .update(oneTimeTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(oneTimeTokens.adminId, user.id), eq(oneTimeTokens.purpose, 'invitation')));
    for (const token of [reset, 'no-such-token', expired])
      expect((await checkInvitation(token)).json(), token).toEqual({
        data: { valid: false, eventName: null, companyName: null },
      });
    expect((await checkInvitation('')).statusCode).toBe(400);
  });

  it('answers 429 once an address has asked too often', async () => {
    const strict = await createTestApp({ LOGIN_MAX_ATTEMPTS_PER_ADDRESS: 2 });
    try {
      const check = () => post('/api/auth/accept-invitation/check', { token: 'guess' }, '10.4.8.8', strict);
      expect((await check()).statusCode).toBe(200);
      expect((await check()).statusCode).toBe(200);
      expect((await check()).statusCode).toBe(429);
      // Another address is not held back.
      expect((await post('/api/auth/accept-invitation/check', { token: 'guess' }, '10.4.8.9', strict)).statusCode).toBe(
        200,
      );
    } finally {
      await strict.close();
    }
  });
});
