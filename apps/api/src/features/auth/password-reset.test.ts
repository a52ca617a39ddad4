import { AUTH_MESSAGES } from '@portal/shared/auth';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins } from '../../db/schema/admins';
import { oneTimeTokens } from '../../db/schema/auth';
import { emailTemplates } from '../../db/schema/email-templates';
import { events } from '../../db/schema/events';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness';
import { listEmailsTo } from '../email/email.repository';

const NEW_PASSWORD = 'Brand-New-Horse-77';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_ATTEMPTS_PER_ADDRESS: 1000, PUBLIC_URL: 'https://portal.test' });
});
afterAll(() => t.close());

const requestReset = (email: string, ip = '10.1.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email }, remoteAddress: ip });
const reset = (token: string, password = NEW_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { token, password }, remoteAddress: '10.1.0.2' });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { email, password }, remoteAddress: '10.1.0.3' });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });

async function resetEmails(email: string) {
  return (await listEmailsTo(t.db, email)).filter((message) => message.purpose === 'password_reset');
}

/** The token of the newest reset email sent to the address. */
async function emailedToken(email: string): Promise<string> {
  const message = (await resetEmails(email)).at(-1);
  const token = message?.textBody.match(/https:\/\/portal\.test\/reset-password\/([\w-]+)/)?.[1];
  if (!token) throw new Error(`No reset link was sent to ${email}`);
  return token;
}

describe('password reset', () => {
  it('emails a single-use link that sets the password and ends every session', async () => {
    const user = await t.createUser({});
    const session = (await login(user.email, TEST_PASSWORD)).json() as { token: string; refreshToken: string };

    const requested = await requestReset(user.email.toUpperCase());
    expect(requested.statusCode).toBe(202);
    expect(requested.json()).toEqual({ message: AUTH_MESSAGES.passwordResetRequested });
    const [message] = await resetEmails(user.email);
    expect(message).toMatchObject({ status: 'pending', subject: 'Choose a new Exhibitor Portal password' });
    expect(message!.textBody).toContain('within 60 minutes');
    const token = await emailedToken(user.email);
    // Only a hash of the token is stored.
    expect(await t.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.tokenHash, token))).toEqual([]);

    expect((await reset(token)).statusCode).toBe(204);
    expect((await me(session.token)).statusCode).toBe(401);
    expect((await me(user.token)).statusCode).toBe(401);
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: session.refreshToken } });
    expect(refreshed.statusCode).toBe(401);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await reset(token, 'Yet-Another-Horse-78');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      message: AUTH_MESSAGES.passwordResetInvalid,
      details: [{ field: 'token', message: AUTH_MESSAGES.passwordResetInvalid }],
    });
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers an unknown email exactly as a known one, and sends nothing', async () => {
    const user = await t.createUser({});
    const known = await requestReset(user.email);
    const unknown = await requestReset(`nobody-${user.id}@test.example`);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(await resetEmails(`nobody-${user.id}@test.example`)).toEqual([]);
  });

  it('refuses an expired token', async () => {
    const user = await t.createUser({});
    await requestReset(user.email);
    const token = await emailedToken(user.email);
    await t.db
      .update(oneTimeTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oneTimeTokens.adminId, user.id));
    const res = await reset(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_MESSAGES.passwordResetInvalid);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('lets only the newest link work', async () => {
    const user = await t.createUser({});
    await requestReset(user.email);
    const first = await emailedToken(user.email);
    await requestReset(user.email);
    const second = await emailedToken(user.email);
    expect(second).not.toBe(first);
    expect((await reset(first)).statusCode).toBe(400);
    expect((await reset(second)).statusCode).toBe(204);
  });

  it('lets one of two simultaneous resets with a token through', async () => {
    const user = await t.createUser({});
    await requestReset(user.email);
    const token = await emailedToken(user.email);
    const statuses = (await Promise.all([reset(token), reset(token, 'Other-Horse-Pass-79')])).map((res) => res.statusCode);
    expect(statuses.sort()).toEqual([204, 400]);
  });

  it('applies the password rules and keeps the token for a better password', async () => {
    const user = await t.createUser({});
    await requestReset(user.email);
    const token = await emailedToken(user.email);
    const weak = await reset(token, 'password123');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details).toEqual([expect.objectContaining({ field: 'password' })]);
    const empty = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { password: NEW_PASSWORD } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual([expect.objectContaining({ field: 'token' })]);
    expect((await reset(token)).statusCode).toBe(204);
  });

  it('sends nothing to a deactivated account and refuses its open token', async () => {
    const user = await t.createUser({});
    await requestReset(user.email);
    const token = await emailedToken(user.email);
    await t.db.update(admins).set({ isActive: false }).where(eq(admins.id, user.id));
    await requestReset(user.email);
    expect(await resetEmails(user.email)).toHaveLength(1);
    expect((await reset(token)).statusCode).toBe(400);
    await t.db.update(admins).set({ isActive: true }).where(eq(admins.id, user.id));
    // The refusal used nothing up: the link still works once the account is active again.
    expect((await reset(token)).statusCode).toBe(204);
  });

  it('sends an address at most three emails per window, answering every request alike', async () => {
    const user = await t.createUser({});
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await requestReset(user.email, `10.2.0.${i}`)).statusCode);
    expect(answers).toEqual([202, 202, 202, 202, 202]);
    expect(await resetEmails(user.email)).toHaveLength(3);
  });

  it('words the mail with the account event’s template, else the global one, else the built-in text', async () => {
    const [event] = await t.db.insert(events).values({ name: 'Reset Expo', slug: `reset-expo-${Date.now()}` }).returning({ id: events.id });
    const eventUser = await t.createUser({ eventId: event!.id });
    const globalUser = await t.createUser({});
    const template = (subject: string, eventId: number | null) => ({
      eventId,
      name: subject,
      purpose: 'password_reset' as const,
      subject,
      htmlBody: '<p>Hi {{firstName}} <script>x()</script><a href="{{resetLink}}">reset</a></p>',
      textBody: 'Hi {{firstName}},\nreset here: {{resetLink}}\nwithin {{linkValidMinutes}} minutes',
    });
    await t.db.insert(emailTemplates).values([template('Global reset', null), template('Reset Expo reset', event!.id)]);
    try {
      await requestReset(eventUser.email, '10.1.9.1');
      await requestReset(globalUser.email, '10.1.9.2');
      const [eventMail] = await resetEmails(eventUser.email);
      expect(eventMail).toMatchObject({ subject: 'Reset Expo reset', eventId: event!.id });
      expect(eventMail!.textBody).toMatch(/^Hi Test,\nreset here: https:\/\/portal\.test\/reset-password\/[\w-]+\nwithin 60 minutes$/);
      expect(eventMail!.htmlBody).toMatch(/^<p>Hi Test <a href="https:\/\/portal\.test\/reset-password\/[\w-]+">reset<\/a><\/p>$/);
      expect(await emailedToken(eventUser.email)).toBeTruthy();
      const [globalMail] = await resetEmails(globalUser.email);
      expect(globalMail!.subject).toBe('Global reset');
    } finally {
      await t.db.delete(emailTemplates).where(eq(emailTemplates.purpose, 'password_reset'));
    }
    const builtInUser = await t.createUser({});
    await requestReset(builtInUser.email, '10.1.9.3');
    const [builtIn] = await resetEmails(builtInUser.email);
    expect(builtIn!.subject).toBe('Choose a new Exhibitor Portal password');
    expect(builtIn!.htmlBody).toContain('href="https://portal.test/reset-password/');
  });
});

describe('password reset throttling per address', () => {
  it('answers 429 with Retry-After once an address passes its limit', async () => {
    const strict = await createTestApp({ LOGIN_MAX_ATTEMPTS_PER_ADDRESS: 2 });
    try {
      const send = () =>
        strict.app.inject({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email: 'a@test.example' }, remoteAddress: '10.3.0.1' });
      expect((await send()).statusCode).toBe(202);
      expect((await send()).statusCode).toBe(202);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(AUTH_MESSAGES.tooManyResetRequests);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await strict.close();
    }
  });
});
