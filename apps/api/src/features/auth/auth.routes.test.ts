import { SignJWT } from 'jose';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ROLE_NAMES } from '@portal/shared/roles';
import { refreshTokens } from '../../db/schema/auth';
import { admins } from '../../db/schema/admins';
import { events } from '../../db/schema/events';
import { createTestApp, createWorld, TEST_PASSWORD, TEST_SECRET, type TestApp } from '../../test/harness';

const SSO_SECRET = 'sso-shared-secret-with-at-least-32-chars';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: 3,
    LOGIN_MAX_ATTEMPTS_PER_ADDRESS: 1000,
    SSO_JWT_SECRET: SSO_SECRET,
    SSO_ISSUER: 'https://idp.test',
    SSO_AUDIENCE: 'exhibitor-portal',
  });
});
afterAll(() => t.close());

const login = (email: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { email, password }, remoteAddress: ip });

const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });

describe('login', () => {
  it('answers the admin with roles, permissions, derived type and both tokens', async () => {
    const company = await t.createUser({ roles: [SYSTEM_ROLE_NAMES.eventAdmin] });
    const res = await login(company.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.admin).toMatchObject({ id: company.id, email: company.email, type: 'systemAdmin' });
    expect(body.admin.roles).toEqual([expect.objectContaining({ name: 'Event Admin' })]);
    expect(body.admin.permissions).toContain('view_exhibitors');
    expect(body.admin.permissions).not.toContain('manage_roles');
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.refreshToken.length).toBeGreaterThan(30);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${body.token}` } });
    expect(me.json().data.id).toBe(company.id);
  });

  it('names the event of an account with it, on its clock: a lead scanned there is shown in its time zone', async () => {
    const [event] = await t.db
      .insert(events)
      .values({ name: 'Рига Expo', slug: `riga-expo-${Date.now()}`, timezone: 'Europe/Riga', city: 'Rīga' })
      .returning({ id: events.id });
    const exhibitor = await t.createUser({ roles: [SYSTEM_ROLE_NAMES.exhibitor], eventId: event!.id });
    const body = (await login(exhibitor.email, TEST_PASSWORD)).json();
    expect(body.admin.event).toMatchObject({ id: event!.id, name: 'Рига Expo', city: 'Rīga', timezone: 'Europe/Riga' });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${body.token}` } });
    expect(me.json().data.event.timezone).toBe('Europe/Riga');
  });

  it('treats the email case-insensitively', async () => {
    const user = await t.createUser({ roles: [] });
    expect((await login(user.email.toUpperCase(), TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('gives the same 401 for a wrong password and an unknown email', async () => {
    const user = await t.createUser({});
    const wrong = await login(user.email, 'not-the-password-1');
    const unknown = await login('nobody@test.example', 'not-the-password-1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe('Invalid email or password');
  });

  it('refuses a deactivated account with the same answer', async () => {
    const user = await t.createUser({});
    await t.db.update(admins).set({ isActive: false }).where(eq(admins.id, user.id));
    const res = await login(user.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid email or password');
  });

  it('validates the body with field details', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { email: 'not-an-email' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'email' }),
        expect.objectContaining({ field: 'password' }),
      ]),
    );
  });

  it('throttles an address and account pair after repeated failures, even for the right password', async () => {
    const user = await t.createUser({});
    for (let i = 0; i < 3; i++) expect((await login(user.email, `wrong-password-${i}`)).statusCode).toBe(401);
    const blocked = await login(user.email.toUpperCase(), TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many sign-in attempts. Try again later.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900);
    // Another account from the same address is not affected.
    const other = await t.createUser({});
    expect((await login(other.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('does not let failures from other addresses lock the owner out', async () => {
    const user = await t.createUser({});
    for (const attacker of ['10.6.0.1', '10.6.0.2', '10.6.0.3']) {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await login(user.email, `wrong-password-${i}`, attacker)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
    }
    const owner = await login(user.email, TEST_PASSWORD, '10.6.0.99');
    expect(owner.statusCode).toBe(200);
    // The attackers' own pairs stay refused, the owner's success notwithstanding.
    expect((await login(user.email, TEST_PASSWORD, '10.6.0.1')).statusCode).toBe(429);
  });

  it('resets the account counter after a successful sign-in', async () => {
    const user = await t.createUser({});
    for (let i = 0; i < 2; i++) await login(user.email, 'wrong-password-x');
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) await login(user.email, 'wrong-password-x');
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('login throttling per address', () => {
  it('answers 429 once an address passes its limit', async () => {
    const strict = await createTestApp({ LOGIN_MAX_ATTEMPTS_PER_ADDRESS: 4, LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: 100 });
    try {
      const statuses = [];
      for (let i = 0; i < 6; i++) {
        const res = await strict.app.inject({
          method: 'POST',
          url: '/api/admin/auth/login',
          payload: { email: `someone${i}@test.example`, password: 'whatever-123' },
          remoteAddress: '10.9.9.9',
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
      const elsewhere = await strict.app.inject({
        method: 'POST',
        url: '/api/admin/auth/login',
        payload: { email: 'someone@test.example', password: 'whatever-123' },
        remoteAddress: '10.9.9.10',
      });
      expect(elsewhere.statusCode).toBe(401);
    } finally {
      await strict.close();
    }
  });
});

describe('refresh tokens', () => {
  async function signIn() {
    const user = await t.createUser({});
    return (await login(user.email, TEST_PASSWORD, '10.0.0.2')).json() as { token: string; refreshToken: string };
  }

  it('rotates: a refresh answers a new pair and the new access token works', async () => {
    const session = await signIn();
    const res = await refresh(session.refreshToken);
    expect(res.statusCode).toBe(200);
    const next = res.json();
    expect(next.refreshToken).not.toBe(session.refreshToken);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${next.token}` } });
    expect(me.statusCode).toBe(200);
    expect((await refresh(next.refreshToken)).statusCode).toBe(200);
  });

  it('detects reuse: presenting a rotated token revokes the whole family', async () => {
    const session = await signIn();
    const second = (await refresh(session.refreshToken)).json();
    const replay = await refresh(session.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('Token refresh failed');
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
  });

  it('refuses an unknown and an expired token', async () => {
    expect((await refresh('made-up-token')).statusCode).toBe(401);
    const session = await signIn();
    await t.db.update(refreshTokens).set({ expiresAt: sql`now() - interval '1 minute'` });
    const res = await refresh(session.refreshToken);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Token refresh failed');
  });

  it('refuses the refresh of a deactivated account', async () => {
    const user = await t.createUser({});
    const session = (await login(user.email, TEST_PASSWORD, '10.0.0.3')).json();
    await t.db.update(admins).set({ isActive: false }).where(eq(admins.id, user.id));
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
  });

  it('logout revokes the presented token', async () => {
    const session = await signIn();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: session.refreshToken } });
    expect(res.statusCode).toBe(204);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
  });

  it('logout with an unknown or missing token still answers 204', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: 'x' } })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(204);
  });
});

describe('access tokens', () => {
  const key = new TextEncoder().encode(TEST_SECRET);
  const me = (token?: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/me', headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('answers 401 without a token, with a malformed one and with a forged one', async () => {
    const user = await t.createUser({});
    expect((await me()).statusCode).toBe(401);
    expect((await me('garbage')).statusCode).toBe(401);
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuer('exhibitor-portal')
      .setAudience('exhibitor-portal-api')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    expect((await me(forged)).statusCode).toBe(401);
  });

  it('answers 401 for an expired token', async () => {
    const user = await t.createUser({});
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuer('exhibitor-portal')
      .setAudience('exhibitor-portal-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    const res = await me(expired);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Authentication required');
  });

  it('stops working at once for a deactivated account', async () => {
    const user = await t.createUser({});
    expect((await me(user.token)).statusCode).toBe(200);
    await t.db.update(admins).set({ isActive: false }).where(eq(admins.id, user.id));
    expect((await me(user.token)).statusCode).toBe(401);
  });
});

describe('ending a session ends its access tokens on the next request', () => {
  const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
  const NEW_PASSWORD = 'Another-Horse-43';

  async function twoSessions(email: string, password = TEST_PASSWORD) {
    const first = (await login(email, password, '10.0.1.1')).json() as { token: string; refreshToken: string };
    const second = (await login(email, password, '10.0.1.1')).json() as { token: string; refreshToken: string };
    expect((await me(first.token)).statusCode).toBe(200);
    expect((await me(second.token)).statusCode).toBe(200);
    return [first, second] as const;
  }

  it('logout ends its own session only', async () => {
    const user = await t.createUser({});
    const [first, second] = await twoSessions(user.email);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: first.refreshToken },
      headers: { authorization: `Bearer ${first.token}` },
    });
    expect(out.statusCode).toBe(204);
    expect((await me(first.token)).statusCode).toBe(401);
    expect((await me(second.token)).statusCode).toBe(200);
  });

  it('logout with the access token alone ends that session', async () => {
    const user = await t.createUser({});
    const [first, second] = await twoSessions(user.email);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${first.token}` } });
    expect(out.statusCode).toBe(204);
    expect((await me(first.token)).statusCode).toBe(401);
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
    expect((await me(second.token)).statusCode).toBe(200);
  });

  it('reuse detection ends every access token of the family, and of it alone', async () => {
    const user = await t.createUser({});
    const [first, other] = await twoSessions(user.email);
    const rotated = (await refresh(first.refreshToken)).json() as { token: string };
    expect((await me(rotated.token)).statusCode).toBe(200);
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
    expect((await me(first.token)).statusCode).toBe(401);
    expect((await me(rotated.token)).statusCode).toBe(401);
    expect((await me(other.token)).statusCode).toBe(200);
  });

  it('a password set by an admin ends every session of the account, not the admin\'s', async () => {
    const w = await createWorld(t);
    const target = await t.createUser({ roles: [SYSTEM_ROLE_NAMES.eventAdmin], eventId: w.eventA });
    const sessions = await twoSessions(target.email);
    const res = await t.request(w.systemAdmin, { method: 'PUT', url: `/api/admin/admins/${target.id}`, payload: { password: NEW_PASSWORD } });
    expect(res.statusCode).toBe(200);
    for (const session of sessions) expect((await me(session.token)).statusCode).toBe(401);
    expect((await me(target.token)).statusCode).toBe(401);
    expect((await me(w.systemAdmin.token)).statusCode).toBe(200);
    expect((await login(target.email, NEW_PASSWORD, '10.0.1.2')).statusCode).toBe(200);
  });

  it('changing one\'s own password ends one\'s own sessions too', async () => {
    const admin = await t.createUser({ roles: [SYSTEM_ROLE_NAMES.systemAdmin] });
    const [session] = await twoSessions(admin.email);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/admins/${admin.id}`,
      payload: { password: NEW_PASSWORD },
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(session.token)).statusCode).toBe(401);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
  });

  it('a sub-account password reset by its exhibitor ends the sub-account\'s sessions', async () => {
    const w = await createWorld(t);
    const [session] = await twoSessions(w.subAccountA.email);
    const res = await t.request(w.exhibitorA, { method: 'PUT', url: `/api/admin/sub-accounts/${w.subAccountA.id}`, payload: { password: NEW_PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect((await me(session.token)).statusCode).toBe(401);
    expect((await me(w.subAccountA.token)).statusCode).toBe(401);
    expect((await me(w.exhibitorA.token)).statusCode).toBe(200);
  });

  it('a deactivation ends every session, and reactivating does not bring them back', async () => {
    const w = await createWorld(t);
    const target = await t.createUser({ roles: [SYSTEM_ROLE_NAMES.eventAdmin], eventId: w.eventA });
    const [session] = await twoSessions(target.email);
    const off = await t.request(w.systemAdmin, { method: 'PUT', url: `/api/admin/admins/${target.id}`, payload: { isActive: false } });
    expect(off.statusCode).toBe(200);
    expect((await me(session.token)).statusCode).toBe(401);
    await t.request(w.systemAdmin, { method: 'PUT', url: `/api/admin/admins/${target.id}`, payload: { isActive: true } });
    expect((await me(session.token)).statusCode).toBe(401);
  });
});

describe('single sign-on', () => {
  const secret = new TextEncoder().encode(SSO_SECRET);
  const sso = (token: string) => t.app.inject({ method: 'GET', url: `/api/integrations/jwt/verify/${token}` });
  type Claims = { email?: string; iss?: string; aud?: string; exp?: number; iat?: number | null; jti?: string };
  const ssoToken = (claims: Claims, key = secret) => {
    const nowSeconds = Math.floor(Date.now() / 1000);
    const jwt = new SignJWT({ ...(claims.email ? { email: claims.email } : {}), ...(claims.jti ? { jti: claims.jti } : {}) })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(claims.iss ?? 'https://idp.test')
      .setAudience(claims.aud ?? 'exhibitor-portal')
      .setExpirationTime(claims.exp ?? nowSeconds + 120);
    if (claims.iat !== null) jwt.setIssuedAt(claims.iat ?? nowSeconds);
    return jwt.sign(key);
  };

  it('signs in the admin the identity provider vouches for, answering like login', async () => {
    const user = await t.createUser({ roles: [SYSTEM_ROLE_NAMES.systemAdmin] });
    const res = await sso(await ssoToken({ email: user.email.toUpperCase() }));
    expect(res.statusCode).toBe(200);
    expect(res.json().admin).toMatchObject({ id: user.id, type: 'systemAdmin' });
    expect(res.json().refreshToken).toBeTruthy();
    expect((await refresh(res.json().refreshToken)).statusCode).toBe(200);
  });

  // Claims are made when the case runs: a time taken when the file loads may be a minute old by then.
  it.each([
    ['a bad signature', () => ({ key: new TextEncoder().encode('not-the-sso-secret-not-the-sso-secret!') })],
    ['a wrong issuer', () => ({ iss: 'https://evil.test' })],
    ['a wrong audience', () => ({ aud: 'another-app' })],
    ['an expired token', () => ({ exp: Math.floor(Date.now() / 1000) - 300, iat: Math.floor(Date.now() / 1000) - 400 })],
    ['an unknown email', () => ({ email: 'stranger@test.example' })],
    ['a token without iat', () => ({ iat: null })],
    ['a lifetime over five minutes', () => ({ iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 301 })],
    ['an iat in the future beyond the clock skew', () => ({ iat: Math.floor(Date.now() / 1000) + 120, exp: Math.floor(Date.now() / 1000) + 240 })],
  ])('refuses %s with 401', async (_label, claims: () => Claims & { key?: Uint8Array<ArrayBuffer> }) => {
    const user = await t.createUser({});
    const variant = claims();
    const token = await ssoToken({ email: variant.email ?? user.email, ...variant }, variant.key ?? secret);
    const res = await sso(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('SSO authentication failed');
  });

  it('accepts a token once: the same token again is refused', async () => {
    const user = await t.createUser({});
    const token = await ssoToken({ email: user.email });
    expect((await sso(token)).statusCode).toBe(200);
    const replay = await sso(token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('SSO authentication failed');
  });

  it('accepts a jti once, whatever token carries it', async () => {
    const user = await t.createUser({});
    const jti = `jti-${user.id}`;
    expect((await sso(await ssoToken({ email: user.email, jti }))).statusCode).toBe(200);
    const second = await ssoToken({ email: user.email, jti, exp: Math.floor(Date.now() / 1000) + 100 });
    expect((await sso(second)).statusCode).toBe(401);
    expect((await sso(await ssoToken({ email: user.email, jti: `${jti}-next` }))).statusCode).toBe(200);
  });

  it('lets one of two simultaneous uses of a token through', async () => {
    const user = await t.createUser({});
    const token = await ssoToken({ email: user.email });
    const statuses = (await Promise.all([sso(token), sso(token), sso(token)])).map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 401, 401]);
  });

  it('accepts a five-minute token issued a little ahead of this clock', async () => {
    const user = await t.createUser({});
    const nowSeconds = Math.floor(Date.now() / 1000);
    expect((await sso(await ssoToken({ email: user.email, iat: nowSeconds + 30, exp: nowSeconds + 330 }))).statusCode).toBe(200);
  });

  it('refuses a token that is not a JWT at all', async () => {
    const res = await sso('not-a-jwt');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('SSO authentication failed');
  });

  it('refuses every token when single sign-on is not configured', async () => {
    const plain = await createTestApp();
    try {
      const user = await plain.createUser({});
      const res = await plain.app.inject({
        method: 'GET',
        url: `/api/integrations/jwt/verify/${await ssoToken({ email: user.email })}`,
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await plain.close();
    }
  });
});
