import { SYSTEM_ROLE_NAMES } from '@portal/shared/roles';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { emailOutbox } from '../../db/schema/email';
import { roles } from '../../db/schema/roles';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';
import { listEmailsTo } from '../email/email.repository';

let t: TestApp;
let w: World;
const roleId: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_ATTEMPTS_PER_ADDRESS: 10_000 });
  w = await createWorld(t);
  for (const row of await t.db.select().from(roles)) roleId[row.name] = row.id;
});
afterAll(() => t.close());

const create = (as: TestUser, payload: object) => t.request(as, { method: 'POST', url: '/api/admin/admins', payload });
const update = (as: TestUser, id: number, payload: object) =>
  t.request(as, { method: 'PUT', url: `/api/admin/admins/${id}`, payload });
const remove = (as: TestUser, id: number) => t.request(as, { method: 'DELETE', url: `/api/admin/admins/${id}` });
const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { email, password } });

let sequence = 0;
const newAdmin = (extra: object = {}) => ({
  email: `new${++sequence}@test.example`,
  password: 'Long-Enough-Pass-1',
  firstName: 'Nora',
  lastName: 'Nilsen',
  roleIds: [roleId[SYSTEM_ROLE_NAMES.eventAdmin]],
  ...extra,
});

describe('creating admins', () => {
  it('creates an admin with roles, placement and a usable password, and audits it without the password', async () => {
    const body = newAdmin({ eventId: w.eventA, companyId: w.companyA, email: '  Mixed.Case@Test.Example ' });
    const res = await create(w.systemAdmin, body);
    expect(res.statusCode).toBe(201);
    const admin = res.json().data;
    expect(admin).toMatchObject({
      email: 'mixed.case@test.example',
      name: 'Nora Nilsen',
      eventId: w.eventA,
      eventName: 'Event A',
      companyName: 'Company A',
      roles: [{ id: roleId['Event Admin'], name: 'Event Admin' }],
      isActive: true,
    });
    expect((await signIn('mixed.case@test.example', 'Long-Enough-Pass-1')).statusCode).toBe(200);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'admin'), eq(auditLog.entityId, String(admin.id)), eq(auditLog.action, 'create')));
    expect(entry?.actorAdminId).toBe(w.systemAdmin.id);
    expect(JSON.stringify(entry?.after)).not.toContain('Long-Enough-Pass-1');
  });

  it('refuses a taken email with 409 on the email field, whatever its case', async () => {
    const res = await create(w.systemAdmin, newAdmin({ email: w.eventAdminA.email.toUpperCase(), eventId: w.eventA }));
    expect(res.statusCode).toBe(409);
    expect(res.json().details).toEqual([{ field: 'email', message: 'An account with this email already exists' }]);
  });

  it('refuses weak passwords with a field error', async () => {
    for (const password of ['short1', 'onlyletterslong', 'password123', 'aaaaaaaaaaaa']) {
      const res = await create(w.systemAdmin, newAdmin({ password, eventId: w.eventA }));
      expect(res.statusCode, password).toBe(400);
      expect(res.json().details[0].field).toBe('password');
    }
  });

  it('names an unknown role and changes nothing', async () => {
    const body = newAdmin({ roleIds: [roleId['Event Admin'], 424242], eventId: w.eventA });
    const res = await create(w.systemAdmin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'roleIds', message: 'Unknown role: 424242' }]);
    expect((await signIn(body.email, body.password)).statusCode).toBe(401);
  });

  it.each([
    ['a number for the email', { email: 42 }],
    ['a string for the role ids', { roleIds: 'all' }],
    ['a huge first name', { firstName: 'x'.repeat(10_000) }],
    ['an empty last name', { lastName: '   ' }],
    ['a negative event id', { eventId: -1 }],
  ])('refuses %s with 400', async (_label, patch) => {
    const res = await create(w.systemAdmin, { ...newAdmin(), ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.length).toBeGreaterThan(0);
  });

  it('places an event admin’s new admin in its own event, and refuses another event', async () => {
    const res = await create(w.eventAdminA, newAdmin());
    expect(res.statusCode).toBe(201);
    expect(res.json().data.eventId).toBe(w.eventA);
    const elsewhere = await create(w.eventAdminA, newAdmin({ eventId: w.eventB }));
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().details[0].field).toBe('eventId');
  });

  it('does not let anyone grant permissions they do not hold', async () => {
    const res = await create(w.eventAdminA, newAdmin({ roleIds: [roleId['System Admin']] }));
    expect(res.statusCode).toBe(403);
  });

  it('requires the exhibitor for a sub-account and takes its event', async () => {
    const missing = await create(w.systemAdmin, newAdmin({ roleIds: [roleId['Sub-Account']] }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details[0].field).toBe('exhibitorId');
    const res = await create(w.systemAdmin, newAdmin({ roleIds: [roleId['Sub-Account']], exhibitorId: w.exhibitorA.id }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ exhibitorId: w.exhibitorA.id, eventId: w.eventA });
    const notAnExhibitor = await create(w.systemAdmin, newAdmin({ roleIds: [roleId['Sub-Account']], exhibitorId: w.eventAdminA.id }));
    expect(notAnExhibitor.statusCode).toBe(400);
    const otherEvent = await create(w.eventAdminA, newAdmin({ roleIds: [roleId['Sub-Account']], exhibitorId: w.exhibitorB.id }));
    expect(otherEvent.statusCode).toBe(400);
  });

  it('requires an event for an exhibitor', async () => {
    const res = await create(w.systemAdmin, newAdmin({ roleIds: [roleId.Exhibitor] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('eventId');
  });

  it('creates exactly one account when the same email is sent twice at once', async () => {
    const body = newAdmin({ eventId: w.eventA });
    const results = await Promise.all([create(w.systemAdmin, body), create(w.systemAdmin, body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('inviting admins', () => {
  const invite = (as: TestUser, id: number) => t.request(as, { method: 'POST', url: `/api/admin/admins/${id}/invitation` });
  const accept = (token: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/accept-invitation', payload: { token, password } });
  const tokens = async (email: string) =>
    (await listEmailsTo(t.db, email)).filter((mail) => mail.purpose === 'invitation').map((mail) => /accept-invitation\/([\w-]+)/.exec(mail.textBody)![1]!);

  it('invites an admin created without a password to choose one, and lets the link sign them in', async () => {
    const { password: _password, ...body } = newAdmin({ eventId: w.eventA });
    const res = await create(w.systemAdmin, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ email: body.email, hasPassword: false });
    const [mail] = await listEmailsTo(t.db, body.email);
    expect(mail).toMatchObject({ purpose: 'invitation', eventId: w.eventA, recipientAdminId: res.json().data.id, exhibitorId: null });
    expect(mail!.subject).toBe('Your Exhibitor Portal account for Event A');
    const [token] = await tokens(body.email);
    expect((await accept(token!, 'Chosen-Pass-2027')).statusCode).toBe(200);
    expect((await signIn(body.email, 'Chosen-Pass-2027')).statusCode).toBe(200);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'admin'), eq(auditLog.entityId, String(res.json().data.id)), eq(auditLog.action, 'create')));
    expect(entry?.after).toMatchObject({ invited: true });
  });

  it('sends no mail when the password is given, as the spec’s create call does', async () => {
    const body = newAdmin();
    expect((await create(w.systemAdmin, body)).json().data.hasPassword).toBe(true);
    expect(await listEmailsTo(t.db, body.email)).toEqual([]);
  });

  it('invites a portal-wide account to all events', async () => {
    const { password: _password, ...body } = newAdmin({ roleIds: [roleId[SYSTEM_ROLE_NAMES.systemAdmin]] });
    expect((await create(w.systemAdmin, body)).statusCode).toBe(201);
    expect((await listEmailsTo(t.db, body.email))[0]?.subject).toBe('Your Exhibitor Portal account for all events');
  });

  it('creates neither account nor mail when the create is refused', async () => {
    const { password: _password, ...body } = newAdmin({ roleIds: [999_999] });
    expect((await create(w.systemAdmin, body)).statusCode).toBe(400);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, body.email))).toEqual([]);
  });

  it('sends the invitation again, and only the newest link works', async () => {
    const { password: _password, ...body } = newAdmin({ eventId: w.eventA });
    const id = (await create(w.eventAdminA, body)).json().data.id;
    expect((await invite(w.eventAdminA, id)).statusCode).toBe(204);
    const [first, second] = await tokens(body.email);
    expect((await accept(first!, 'Chosen-Pass-2027')).statusCode).toBe(401);
    expect((await accept(second!, 'Chosen-Pass-2027')).statusCode).toBe(200);
    const again = await invite(w.eventAdminA, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This account has already chosen a password');
  });

  it('refuses a new invitation without manage_admins, for another event’s account, or for a more powerful one', async () => {
    const { password: _password, ...body } = newAdmin({ eventId: w.eventA });
    const id = (await create(w.systemAdmin, body)).json().data.id;
    expect((await invite(w.exhibitorA, id)).statusCode).toBe(403);
    expect((await invite(w.vipAdminA, id)).statusCode).toBe(403);
    expect((await invite(w.eventAdminB, id)).statusCode).toBe(404);
    const { password: _p, ...powerful } = newAdmin({ eventId: w.eventA, roleIds: [roleId[SYSTEM_ROLE_NAMES.systemAdmin]] });
    const strong = (await create(w.systemAdmin, powerful)).json().data.id;
    expect((await invite(w.eventAdminA, strong)).statusCode).toBe(403);
    expect(await tokens(body.email)).toHaveLength(1);
  });
});

describe('listing admins', () => {
  it('lists within the scope: an event admin sees its event only', async () => {
    const res = await t.request(w.eventAdminA, { method: 'GET', url: '/api/admin/admins?per_page=100' });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { eventId: number | null; id: number }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.eventId === w.eventA)).toBe(true);
    expect(rows.map((row) => row.id)).not.toContain(w.eventAdminB.id);
  });

  it('searches, filters by role and paginates in SQL', async () => {
    const all = await t.request(w.systemAdmin, { method: 'GET', url: '/api/admin/admins?per_page=2&page=1&sort=email' });
    const { meta, data } = all.json();
    expect(data).toHaveLength(2);
    expect(meta).toMatchObject({ page: 1, per_page: 2 });
    expect(meta.total_pages).toBe(Math.ceil(meta.total / 2));
    const page2 = (await t.request(w.systemAdmin, { method: 'GET', url: '/api/admin/admins?per_page=2&page=2&sort=email' })).json();
    expect(page2.data[0].email > data[1].email).toBe(true);
    const beyond = (await t.request(w.systemAdmin, { method: 'GET', url: '/api/admin/admins?page=999' })).json();
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.total).toBe(meta.total);

    const search = (await t.request(w.systemAdmin, { method: 'GET', url: `/api/admin/admins?search=${encodeURIComponent(w.vipAdminA.email)}` })).json();
    expect(search.data.map((a: { id: number }) => a.id)).toEqual([w.vipAdminA.id]);
    const byRole = (await t.request(w.systemAdmin, { method: 'GET', url: `/api/admin/admins?roleId=${roleId['VIP Admin']}` })).json();
    expect(byRole.data.every((a: { roles: { name: string }[] }) => a.roles.some((r) => r.name === 'VIP Admin'))).toBe(true);
    const wildcard = (await t.request(w.systemAdmin, { method: 'GET', url: '/api/admin/admins?search=%25' })).json();
    expect(wildcard.data).toEqual([]);
  });

  it('refuses bad paging with 400', async () => {
    for (const query of ['page=0', 'per_page=101', 'per_page=abc', 'page=-3']) {
      const res = await t.request(w.systemAdmin, { method: 'GET', url: `/api/admin/admins?${query}` });
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('updating and deleting admins', () => {
  it('resets a password: the new one works, old sessions end', async () => {
    const target = (await create(w.systemAdmin, newAdmin({ eventId: w.eventA }))).json().data;
    const session = (await signIn(target.email, 'Long-Enough-Pass-1')).json();
    const res = await update(w.eventAdminA, target.id, { password: 'Brand-New-Pass-99', firstName: 'Renamed' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.firstName).toBe('Renamed');
    expect((await signIn(target.email, 'Brand-New-Pass-99')).statusCode).toBe(200);
    const refresh = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: session.refreshToken } });
    expect(refresh.statusCode).toBe(401);
  });

  it('deactivation locks the account out at once', async () => {
    const target = await t.createUser({ roles: ['Event Admin'], eventId: w.eventA });
    expect((await update(w.systemAdmin, target.id, { isActive: false })).statusCode).toBe(200);
    const me = await t.request(target, { method: 'GET', url: '/api/auth/me' });
    expect(me.statusCode).toBe(401);
  });

  it('refuses a change to an account more powerful than the actor', async () => {
    const res = await update(w.eventAdminA, w.systemAdmin.id, { firstName: 'Hacked' });
    expect(res.statusCode).toBe(404);
    const peer = await t.createUser({ roles: ['System Admin'], eventId: w.eventA });
    expect((await update(w.eventAdminA, peer.id, { password: 'Takeover-Pass-1' })).statusCode).toBe(403);
  });

  it('nobody deletes or deactivates themselves', async () => {
    expect((await remove(w.eventAdminA, w.eventAdminA.id)).statusCode).toBe(422);
    expect((await update(w.eventAdminA, w.eventAdminA.id, { isActive: false })).statusCode).toBe(422);
  });

  it('keeps the last system admin', async () => {
    const fresh = await createTestApp();
    try {
      const only = await fresh.createUser({ roles: ['System Admin'] });
      const [superRole] = await fresh.db.select().from(roles).where(eq(roles.name, 'System Admin'));
      const demote = await fresh.request(only, {
        method: 'PUT',
        url: `/api/admin/admins/${only.id}`,
        payload: { roleIds: [roleId['Event Admin']] },
      });
      expect(demote.statusCode).toBe(422);
      const second = await fresh.createUser({ roles: ['System Admin'] });
      expect((await fresh.request(second, { method: 'DELETE', url: `/api/admin/admins/${only.id}` })).statusCode).toBe(204);
      const lastOne = await fresh.request(second, {
        method: 'PUT',
        url: `/api/admin/admins/${second.id}`,
        payload: { roleIds: [superRole!.id] },
      });
      expect(lastOne.statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  it('deletes an admin in scope and answers 404 afterwards', async () => {
    const target = (await create(w.eventAdminA, newAdmin())).json().data;
    expect((await remove(w.eventAdminA, target.id)).statusCode).toBe(204);
    expect((await t.request(w.eventAdminA, { method: 'GET', url: `/api/admin/admins/${target.id}` })).statusCode).toBe(404);
  });

  it('refuses a malformed id with 400', async () => {
    for (const id of ['abc', '1.5', '99999999999']) {
      const res = await t.request(w.systemAdmin, { method: 'GET', url: `/api/admin/admins/${id}` });
      expect(res.statusCode, id).toBe(400);
    }
  });
});
