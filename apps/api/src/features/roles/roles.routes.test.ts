import { PERMISSIONS } from '@portal/shared/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
});
afterAll(() => t.close());

const send = (as: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.request(as, { method, url, payload });

describe('roles', () => {
  it('lists the five built-in roles with their permissions and holders', async () => {
    const res = await send(w.systemAdmin, 'GET', '/api/admin/roles?per_page=100');
    expect(res.statusCode).toBe(200);
    const byName = Object.fromEntries(res.json().data.map((r: { name: string }) => [r.name, r]));
    expect(Object.keys(byName)).toEqual(expect.arrayContaining(['System Admin', 'Event Admin', 'VIP Admin', 'Exhibitor', 'Sub-Account']));
    expect(byName['System Admin'].permissions).toHaveLength(PERMISSIONS.length);
    expect(byName['VIP Admin'].permissions).toContain('can_see_vip');
    expect(byName['VIP Admin'].permissions).not.toContain('can_see_exhibitor');
    expect(byName['Event Admin'].adminCount).toBe(2);
    expect(byName['Event Admin'].isSystem).toBe(true);
  });

  it('creates a role from any spelling of its permissions', async () => {
    const res = await send(w.systemAdmin, 'POST', '/api/admin/roles', {
      name: 'Floor Manager',
      description: 'Checks badges at the doors',
      permissions: ['VIEW_BADGES', 'view_badges', 'CAN_SEE_VISITOR_BADGES'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'Floor Manager', isSystem: false, adminCount: 0 });
    expect(res.json().data.permissions.sort()).toEqual(['can_see_visitor', 'view_badges']);
  });

  it('names each unknown permission and creates nothing', async () => {
    const res = await send(w.systemAdmin, 'POST', '/api/admin/roles', { name: 'Broken', permissions: ['view_badges', 'fly_drones'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'permissions.1', message: 'Unknown permission: fly_drones' }]);
    const list = await send(w.systemAdmin, 'GET', '/api/admin/roles?search=Broken');
    expect(list.json().data).toEqual([]);
  });

  it('refuses a duplicate name, whatever its case, with 409', async () => {
    const res = await send(w.systemAdmin, 'POST', '/api/admin/roles', { name: 'event admin', permissions: [] });
    expect(res.statusCode).toBe(409);
    expect(res.json().details[0].field).toBe('name');
  });

  it('updates permissions, which take effect on the next request of every holder', async () => {
    const role = (await send(w.systemAdmin, 'POST', '/api/admin/roles', { name: 'Auditor', permissions: ['view_reports'] })).json().data;
    const holder = await t.createUser({ roles: ['Auditor'] });
    expect((await send(holder, 'GET', '/api/dashboard/summary')).statusCode).toBe(200);
    const res = await send(w.systemAdmin, 'PUT', `/api/admin/roles/${role.id}`, { permissions: ['view_logs'] });
    expect(res.json().data.permissions).toEqual(['view_logs']);
    expect((await send(holder, 'GET', '/api/dashboard/summary')).statusCode).toBe(403);
  });

  it('keeps built-in roles: no rename, no delete', async () => {
    const list = (await send(w.systemAdmin, 'GET', '/api/admin/roles?search=Exhibitor')).json().data;
    const exhibitor = list.find((r: { name: string }) => r.name === 'Exhibitor');
    expect((await send(w.systemAdmin, 'PUT', `/api/admin/roles/${exhibitor.id}`, { name: 'Vendor' })).statusCode).toBe(422);
    expect((await send(w.systemAdmin, 'DELETE', `/api/admin/roles/${exhibitor.id}`)).statusCode).toBe(422);
    const renamedNothing = await send(w.systemAdmin, 'PUT', `/api/admin/roles/${exhibitor.id}`, { description: 'Exhibiting company' });
    expect(renamedNothing.statusCode).toBe(200);
  });

  it('refuses to delete a role still assigned, deletes an unused one', async () => {
    const role = (await send(w.systemAdmin, 'POST', '/api/admin/roles', { name: 'Temporary', permissions: [] })).json().data;
    const holder = await t.createUser({ roles: ['Temporary'] });
    expect((await send(w.systemAdmin, 'DELETE', `/api/admin/roles/${role.id}`)).statusCode).toBe(409);
    await t.request(w.systemAdmin, { method: 'DELETE', url: `/api/admin/admins/${holder.id}` });
    expect((await send(w.systemAdmin, 'DELETE', `/api/admin/roles/${role.id}`)).statusCode).toBe(204);
    expect((await send(w.systemAdmin, 'GET', `/api/admin/roles/${role.id}`)).statusCode).toBe(404);
  });

  it('lets nobody grant what they do not hold, and keeps event-scoped admins out of shared roles', async () => {
    await send(w.systemAdmin, 'POST', '/api/admin/roles', { name: 'Role Keeper', permissions: ['manage_roles'] });
    const keeper = await t.createUser({ roles: ['Role Keeper'] });
    const escalate = await send(keeper, 'POST', '/api/admin/roles', { name: 'Everything', permissions: ['manage_admins'] });
    expect(escalate.statusCode).toBe(403);
    const scopedKeeper = await t.createUser({ roles: ['Role Keeper'], eventId: w.eventA });
    expect((await send(scopedKeeper, 'POST', '/api/admin/roles', { name: 'Mine', permissions: [] })).statusCode).toBe(403);
  });

  it('lets an admin manager read roles but not change them', async () => {
    expect((await send(w.eventAdminA, 'GET', '/api/admin/roles')).statusCode).toBe(200);
    expect((await send(w.eventAdminA, 'POST', '/api/admin/roles', { name: 'Nope', permissions: [] })).statusCode).toBe(403);
  });
});

describe('permissions', () => {
  it('lists the whole catalogue with areas, up to the limit', async () => {
    const all = await send(w.systemAdmin, 'GET', '/api/admin/permissions?limit=1000');
    expect(all.statusCode).toBe(200);
    expect(all.json().data).toHaveLength(PERMISSIONS.length);
    expect(all.json().data).toContainEqual(expect.objectContaining({ name: 'manage_roles', area: 'Admin management' }));
    expect((await send(w.systemAdmin, 'GET', '/api/admin/permissions?limit=5')).json().data).toHaveLength(5);
    expect((await send(w.systemAdmin, 'GET', '/api/admin/permissions?limit=1001')).statusCode).toBe(400);
  });
});
