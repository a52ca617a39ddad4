import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from './db/schema/roles';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from './test/harness';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
});
afterAll(() => t.close());

let roleCounter = 0;

/** An account of event A whose only role is a custom one holding exactly `permissions`. */
async function holderOf(...permissions: string[]): Promise<TestUser> {
  const [role] = await t.db
    .insert(roles)
    .values({ name: `Custom role ${++roleCounter}` })
    .returning();
  const user = await t.createUser({ eventId: w.eventA });
  await t.db.execute(sql`insert into role_permissions (role_id, permission_id)
    select ${role!.id}, id from permissions where name = any(string_to_array(${permissions.join(',')}, ','))`);
  await t.db.execute(sql`insert into admin_roles values (${user.id}, ${role!.id})`);
  return user;
}

/**
 * Where the web app's root redirect sends a holder of each permission it reads (spec §2; the web's
 * root-redirect test checks the same table from its side) and the data call that landing page
 * makes first. A landing whose call is refused would greet its user with an error.
 */
const LANDINGS: { permission: string; landing: string; call: (w: World) => string }[] = [
  { permission: 'view_reports', landing: '/', call: () => '/api/dashboard/summary' },
  {
    permission: 'view_exhibitor_users',
    landing: '/users',
    call: (w) => `/api/admin/badge-categories/event/${w.eventA}?type=badge&limit=50`,
  },
  {
    permission: 'view_users',
    landing: '/users',
    call: (w) => `/api/admin/badge-categories/event/${w.eventA}?type=badge&limit=50`,
  },
  { permission: 'view_events', landing: '/events', call: () => '/api/events?page=1' },
  {
    permission: 'view_exhibitors',
    landing: '/exhibitors',
    call: (w) => `/api/admin/exhibitors?eventId=${w.eventA}&page=1`,
  },
  { permission: 'view_badges', landing: '/badges', call: () => '/api/admin/exhibitor-users?page=1' },
  { permission: 'view_registrations', landing: '/registrations', call: () => '/api/admin/exhibitor-users?page=1' },
  { permission: 'manage_admins', landing: '/admins', call: () => '/api/admin/admins?page=1' },
];

describe('the landing the root redirect chooses', () => {
  it.each(LANDINGS)('loads for a role with only $permission ($landing)', async ({ permission, call }) => {
    const holder = await holderOf(permission);
    const res = await t.request(holder, { method: 'GET', url: call(w) });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('shows a holder of only a badge-list permission the badges of its own event and nothing else', async () => {
    for (const permission of ['view_badges', 'view_registrations']) {
      const holder = await holderOf(permission, 'can_see_exhibitor');
      const res = await t.request(holder, { method: 'GET', url: '/api/admin/exhibitor-users?per_page=100' });
      expect(res.statusCode).toBe(200);
      const ids = res.json().data.map((badge: { id: number }) => badge.id);
      expect(ids).toContain(w.badgeA);
      expect(ids).not.toContain(w.badgeB);
      // Reading the list is all: no badge is created or changed with it.
      expect(
        (await t.request(holder, { method: 'POST', url: '/api/admin/exhibitor-users', payload: {} })).statusCode,
      ).toBe(403);
      expect(
        (await t.request(holder, { method: 'DELETE', url: `/api/admin/exhibitor-users/${w.badgeA}` })).statusCode,
      ).toBe(403);
    }
  });

  it('still refuses the badge list and an event’s categories to an account without any of these permissions', async () => {
    const other = await holderOf('view_events');
    expect((await t.request(other, { method: 'GET', url: '/api/admin/exhibitor-users' })).statusCode).toBe(403);
    expect(
      (await t.request(other, { method: 'GET', url: `/api/admin/badge-categories/event/${w.eventA}` })).statusCode,
    ).toBe(403);
  });

  it('opens a category’s badge page for a holder of only the permission that led there', async () => {
    for (const permission of ['view_users', 'view_exhibitor_users']) {
      const holder = await holderOf(permission, 'can_see_exhibitor');
      const res = await t.request(holder, { method: 'GET', url: `/api/admin/badge-categories/${w.categoryA}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.name).toBe('Exhibitor staff');
      // Only the badge types it may see: the VIP category stays hidden.
      expect((await t.request(holder, { method: 'GET', url: `/api/admin/badge-categories/${w.vipCategoryA}` })).statusCode).toBe(404);
      expect((await t.request(holder, { method: 'GET', url: `/api/admin/badge-categories/${w.categoryB}` })).statusCode).toBe(404);
      expect((await t.request(holder, { method: 'PUT', url: `/api/admin/badge-categories/${w.categoryA}`, payload: { name: 'Taken' } })).statusCode).toBe(403);
    }
  });

  it('gives a badge-list reader of one event no categories of another', async () => {
    const holder = await holderOf('view_badges', 'can_see_exhibitor');
    expect(
      (await t.request(holder, { method: 'GET', url: `/api/admin/badge-categories/event/${w.eventB}` })).statusCode,
    ).toBe(404);
  });
});
