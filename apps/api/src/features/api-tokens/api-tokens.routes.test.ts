import { API_TOKEN_MESSAGES, API_TOKEN_PREFIX } from '@portal/shared/api-tokens';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins } from '../../db/schema/admins';
import { apiTokens } from '../../db/schema/api-tokens';
import { auditLog } from '../../db/schema/audit';
import { sha256Hex } from '../../lib/sha256';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';
import { setRolePermissions } from '../roles/roles.repository';
import { createRoleWith, issueApiToken } from './api-token-fixtures';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
});
afterAll(() => t.close());

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const create = (as: TestUser, payload: object) => t.request(as, { method: 'POST', url: '/api/admin/api-tokens', payload });
const list = (as: TestUser) => t.request(as, { method: 'GET', url: '/api/admin/api-tokens' });
const revoke = (as: TestUser, id: number) => t.request(as, { method: 'POST', url: `/api/admin/api-tokens/${id}/revoke` });
const rowOf = async (id: number) => (await t.db.select().from(apiTokens).where(eq(apiTokens.id, id)))[0]!;
const countTokens = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(apiTokens))[0]!.n;

describe('creating API tokens', () => {
  it('creates a token with some of the creator’s permissions, shows its secret once and keeps only its hash', async () => {
    const expiresAt = inAnHour();
    const res = await create(w.eventAdminA, { name: 'CRM sync', permissions: ['VIEW_EVENTS', 'view_exhibitors', 'view_events'], expiresAt });
    expect(res.statusCode, res.body).toBe(201);
    const { apiToken, token } = res.json().data;
    expect(token).toMatch(/^ept_[A-Za-z0-9_-]{43}$/);
    expect(apiToken).toMatchObject({
      name: 'CRM sync',
      prefix: token.slice(0, 12),
      permissions: ['view_events', 'view_exhibitors'],
      status: 'active',
      expiresAt: new Date(expiresAt).toISOString(),
      lastUsedAt: null,
      revokedAt: null,
    });
    const row = await rowOf(apiToken.id);
    expect(row.tokenHash).toBe(sha256Hex(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.adminId).toBe(w.eventAdminA.id);

    // The list never shows the secret or its hash again.
    const listed = (await list(w.eventAdminA)).json().data as { id: number }[];
    expect(listed.find((item) => item.id === apiToken.id)).toEqual(apiToken);
    expect((await list(w.eventAdminA)).body).not.toContain(token.slice(12));
    expect((await list(w.eventAdminA)).body).not.toContain(row.tokenHash);

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'api_token'), eq(auditLog.entityId, String(apiToken.id)), eq(auditLog.action, 'create')));
    expect(audit).toMatchObject({ actorAdminId: w.eventAdminA.id, eventId: w.eventA, apiTokenId: null });
    expect(JSON.stringify(audit!.after)).not.toContain(token.slice(12));
  });

  it('lists only the caller’s own tokens, and revokes only those', async () => {
    const own = await issueApiToken(t, w.exhibitorA, ['view_exhibitor_users']);
    expect(((await list(w.exhibitorB)).json().data as { id: number }[]).map((item) => item.id)).not.toContain(own.id);
    expect(((await list(w.exhibitorA)).json().data as { id: number }[]).map((item) => item.id)).toContain(own.id);
    expect((await revoke(w.exhibitorB, own.id)).statusCode).toBe(404);
    expect((await revoke(w.systemAdmin, own.id)).statusCode).toBe(404);
    expect((await rowOf(own.id)).revokedAt).toBeNull();
  });

  it('refuses a permission the creator does not hold with 422 naming it, and writes nothing', async () => {
    const before = await countTokens();
    const res = await create(w.exhibitorA, { name: 'Too much', permissions: ['view_exhibitor_users', 'manage_admins'] });
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toEqual([{ field: 'permissions.1', message: API_TOKEN_MESSAGES.notHeld('manage_admins') }]);
    // A sub-account holds less than its exhibitor: what the exhibitor holds is not enough.
    expect((await create(w.subAccountA, { name: 'Sub', permissions: ['view_sub_accounts'] })).statusCode).toBe(422);
    expect(await countTokens()).toBe(before);
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const before = await countTokens();
    const cases: [object, string][] = [
      [{ name: 'X', permissions: [] }, 'permissions'],
      [{ name: 'X', permissions: ['fly_to_the_moon'] }, 'permissions.0'],
      [{ name: '', permissions: ['view_events'] }, 'name'],
      [{ name: 'X', permissions: ['view_events'], expiresAt: '2020-01-01T00:00:00Z' }, 'expiresAt'],
      [{ name: 'X', permissions: ['view_events'], expiresAt: 'next week' }, 'expiresAt'],
    ];
    for (const [payload, field] of cases) {
      const res = await create(w.eventAdminA, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field), JSON.stringify(payload)).toContain(field);
    }
    expect(await countTokens()).toBe(before);
  });

  it('refuses an anonymous caller', async () => {
    expect((await create(null as unknown as TestUser, { name: 'X', permissions: ['view_events'] })).statusCode).toBe(401);
  });
});

describe('acting with an API token', () => {
  it('allows only the token’s permissions, never the rest of the creator’s', async () => {
    const token = await issueApiToken(t, w.eventAdminA, ['view_events']);
    expect((await t.request(token, { method: 'GET', url: '/api/events' })).statusCode).toBe(200);
    // The creator may list exhibitors; the token may not.
    expect((await t.request(w.eventAdminA, { method: 'GET', url: '/api/admin/exhibitors' })).statusCode).toBe(200);
    const refused = await t.request(token, { method: 'GET', url: '/api/admin/exhibitors' });
    expect(refused.statusCode).toBe(403);
    const me = (await t.request(token, { method: 'GET', url: '/api/auth/me' })).json().data;
    expect(me).toMatchObject({ id: w.eventAdminA.id, permissions: ['view_events'], type: 'eventAdmin' });
  });

  it('stays within its creator’s event and exhibitor', async () => {
    const organiser = await issueApiToken(t, w.eventAdminA, ['view_events']);
    expect((await t.request(organiser, { method: 'GET', url: `/api/events/${w.eventA}` })).statusCode).toBe(200);
    expect((await t.request(organiser, { method: 'GET', url: `/api/events/${w.eventB}` })).statusCode).toBe(404);
    const events = (await t.request(organiser, { method: 'GET', url: '/api/events' })).json().data as { id: number }[];
    expect(events.map((e) => e.id)).toEqual([w.eventA]);

    // Badge types are seen through can_see_* permissions: a token without them sees no badge at all.
    const blind = await issueApiToken(t, w.exhibitorA, ['view_exhibitor_users']);
    expect((await t.request(blind, { method: 'GET', url: `/api/admin/exhibitor-users/${w.badgeA}` })).statusCode).toBe(404);
    const exhibitor = await issueApiToken(t, w.exhibitorA, ['view_exhibitor_users', 'can_see_exhibitor']);
    expect((await t.request(exhibitor, { method: 'GET', url: `/api/admin/exhibitor-users/${w.badgeA}` })).statusCode).toBe(200);
    expect((await t.request(exhibitor, { method: 'GET', url: `/api/admin/exhibitor-users/${w.badgeB}` })).statusCode).toBe(404);
  });

  it('answers 401 to an expired, a revoked and an unknown token', async () => {
    const expiring = await issueApiToken(t, w.eventAdminA, ['view_events'], inAnHour());
    expect((await t.request(expiring, { method: 'GET', url: '/api/events' })).statusCode).toBe(200);
    await t.db.update(apiTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiTokens.id, expiring.id));
    const expired = await t.request(expiring, { method: 'GET', url: '/api/events' });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(API_TOKEN_MESSAGES.invalid);
    expect(((await list(w.eventAdminA)).json().data as { id: number; status: string }[]).find((x) => x.id === expiring.id)?.status).toBe('expired');

    const revoked = await issueApiToken(t, w.eventAdminA, ['view_events']);
    const res = await revoke(w.eventAdminA, revoked.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'revoked' });
    expect((await t.request(revoked, { method: 'GET', url: '/api/events' })).statusCode).toBe(401);
    // Revoking again changes nothing.
    const again = await revoke(w.eventAdminA, revoked.id);
    expect(again.json().data.revokedAt).toBe(res.json().data.revokedAt);

    const unknown = { ...revoked, token: `${API_TOKEN_PREFIX}${'A'.repeat(43)}` };
    expect((await t.request(unknown, { method: 'GET', url: '/api/events' })).statusCode).toBe(401);
  });

  it('never makes, lists or revokes tokens, signs in or refreshes a session', async () => {
    const token = await issueApiToken(t, w.systemAdmin, ['view_events', 'manage_admins']);
    const before = await countTokens();
    for (const request of [
      { method: 'POST', url: '/api/admin/api-tokens', payload: { name: 'Child', permissions: ['view_events'] } },
      { method: 'GET', url: '/api/admin/api-tokens' },
      { method: 'POST', url: `/api/admin/api-tokens/${token.id}/revoke` },
      { method: 'POST', url: '/api/admin/auth/login', payload: { email: w.systemAdmin.email, password: 'Correct-Horse-42' } },
      { method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: 'x' } },
      { method: 'POST', url: '/api/auth/logout', payload: {} },
      { method: 'POST', url: '/api/auth/password-reset', payload: { token: 'x', password: 'Another-Horse-43' } },
    ] as const) {
      const res = await t.request(token, request);
      expect(res.statusCode, request.url).toBe(403);
      expect(res.json().message, request.url).toBe(API_TOKEN_MESSAGES.sessionOnly);
    }
    expect(await countTokens()).toBe(before);
    expect((await rowOf(token.id)).revokedAt).toBeNull();
  });

  it('never changes an account’s password or email, but may change the rest', async () => {
    // Every permission of the creator: managing an account needs all of that account's own.
    const held = (await t.request(w.eventAdminA, { method: 'GET', url: '/api/auth/me' })).json().data.permissions as string[];
    const token = await issueApiToken(t, w.eventAdminA, held);
    const [before] = await t.db.select().from(admins).where(eq(admins.id, w.exhibitorA.id));
    const url = `/api/admin/admins/${w.exhibitorA.id}`;
    for (const [field, payload] of [
      ['password', { password: 'Taken-Over-Horse-42' }],
      ['email', { email: 'attacker@evil.example' }],
    ] as const) {
      const res = await t.request(token, { method: 'PUT', url, payload });
      expect(res.statusCode, field).toBe(403);
      expect(res.json().details, field).toEqual([{ field, message: API_TOKEN_MESSAGES.fieldRefused(field) }]);
    }
    // Setting a password on a new account is refused too: the token would hand itself a sign-in.
    const created = await t.request(token, {
      method: 'POST',
      url: '/api/admin/sub-accounts',
      payload: { firstName: 'S', lastName: 'A', email: 'sub-by-token@test.example', password: 'Correct-Horse-42', exhibitorId: w.exhibitorA.id },
    });
    expect(created.statusCode).toBe(403);
    const [after] = await t.db.select().from(admins).where(eq(admins.id, w.exhibitorA.id));
    expect(after).toEqual(before);

    const renamed = await t.request(token, { method: 'PUT', url, payload: { firstName: 'Renamed' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // The audit row of a write through a token names the token.
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'admin'), eq(auditLog.entityId, String(w.exhibitorA.id))))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(audit).toMatchObject({ actorAdminId: w.eventAdminA.id, apiTokenId: token.id });
  });

  it('loses a permission its creator loses, and stops with its creator’s account', async () => {
    const role = await createRoleWith(t, ['view_events', 'view_exhibitors']);
    const creator = await t.createUser({ roles: [role.name], eventId: w.eventA });
    const token = await issueApiToken(t, creator, ['view_events', 'view_exhibitors']);
    expect((await t.request(token, { method: 'GET', url: '/api/admin/exhibitors' })).statusCode).toBe(200);
    await setRolePermissions(t.db, role.id, ['view_events']);
    expect((await t.request(token, { method: 'GET', url: '/api/admin/exhibitors' })).statusCode).toBe(403);
    expect((await t.request(token, { method: 'GET', url: '/api/events' })).statusCode).toBe(200);
    // Given back to the creator, the permission is the token's again: it was chosen for it.
    await setRolePermissions(t.db, role.id, ['view_events', 'view_exhibitors']);
    expect((await t.request(token, { method: 'GET', url: '/api/admin/exhibitors' })).statusCode).toBe(200);
    await t.db.update(admins).set({ isActive: false }).where(eq(admins.id, creator.id));
    expect((await t.request(token, { method: 'GET', url: '/api/events' })).statusCode).toBe(401);
  });

  it('records its last use, writing it at most once a minute', async () => {
    const token = await issueApiToken(t, w.exhibitorA, ['view_exhibitor_users', 'create_exhibitor_user']);
    expect((await rowOf(token.id)).lastUsedAt).toBeNull();
    await t.request(token, { method: 'GET', url: '/api/admin/exhibitor-users' });
    const first = (await rowOf(token.id)).lastUsedAt;
    expect(first).not.toBeNull();
    expect(Date.now() - first!.getTime()).toBeLessThan(60_000);
    await t.request(token, { method: 'GET', url: '/api/admin/exhibitor-users' });
    expect((await rowOf(token.id)).lastUsedAt).toEqual(first);
    // Over a minute later, the next request writes it again.
    await t.db.update(apiTokens).set({ lastUsedAt: new Date(Date.now() - 120_000) }).where(eq(apiTokens.id, token.id));
    await t.request(token, { method: 'GET', url: '/api/admin/exhibitor-users' });
    expect(Date.now() - (await rowOf(token.id)).lastUsedAt!.getTime()).toBeLessThan(60_000);
  });
});
