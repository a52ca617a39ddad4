import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins } from '../../db/schema/admins';
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
const ids = (res: { json(): { data: { id: number }[] } }) => res.json().data.map((c) => c.id);

describe('companies', () => {
  it('creates, reads, updates and deletes a company', async () => {
    const created = await send(w.systemAdmin, 'POST', '/api/admin/companies', {
      name: 'Polar Drones',
      country: 'Finland',
      website: 'https://polar-drones.example',
      vatNumber: '',
    });
    expect(created.statusCode).toBe(201);
    const company = created.json().data;
    expect(company).toMatchObject({ name: 'Polar Drones', vatNumber: null, eventId: null, adminCount: 0 });
    const updated = await send(w.systemAdmin, 'PUT', `/api/admin/companies/${company.id}`, { name: 'Polar Drones Oy' });
    expect(updated.json().data).toMatchObject({ name: 'Polar Drones Oy', country: 'Finland' });
    expect((await send(w.systemAdmin, 'DELETE', `/api/admin/companies/${company.id}`)).statusCode).toBe(204);
    expect((await send(w.systemAdmin, 'GET', `/api/admin/companies/${company.id}`)).statusCode).toBe(404);
  });

  it('completes a web address typed without https://', async () => {
    const created = await send(w.systemAdmin, 'POST', '/api/admin/companies', { name: 'Fjord Kayaks', website: 'fjord-kayaks.example' });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.website).toBe('https://fjord-kayaks.example');
  });

  it('validates fields with details', async () => {
    const res = await send(w.systemAdmin, 'POST', '/api/admin/companies', { name: '', website: 'not a url' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field).sort()).toEqual(['name', 'website']);
  });

  it('places an event admin’s company in its event and shows it the companies of its event only', async () => {
    const created = (await send(w.eventAdminA, 'POST', '/api/admin/companies', { name: 'Local Caterer' })).json().data;
    expect(created.eventId).toBe(w.eventA);
    const listA = await send(w.eventAdminA, 'GET', '/api/admin/companies?per_page=100');
    expect(ids(listA)).toEqual(expect.arrayContaining([w.companyA, created.id]));
    expect(ids(listA)).not.toContain(w.companyB);
    expect(ids(listA)).not.toContain(w.sharedCompany);
    const listB = await send(w.eventAdminB, 'GET', '/api/admin/companies?per_page=100');
    expect(ids(listB)).not.toContain(created.id);
  });

  it('shows a shared company exhibiting at the event, but leaves its changes to a system admin', async () => {
    const exhibitor = await t.createUser({ roles: ['Exhibitor'], eventId: w.eventA });
    await t.db.update(admins).set({ companyId: w.sharedCompany }).where(eq(admins.id, exhibitor.id));
    expect((await send(w.eventAdminA, 'GET', `/api/admin/companies/${w.sharedCompany}`)).statusCode).toBe(200);
    const res = await send(w.eventAdminA, 'PUT', `/api/admin/companies/${w.sharedCompany}`, { name: 'Renamed' });
    expect(res.statusCode).toBe(403);
  });

  it('refuses to delete a company that still has accounts', async () => {
    const res = await send(w.systemAdmin, 'DELETE', `/api/admin/companies/${w.companyA}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/account/);
  });

  it('searches by name, case-insensitively', async () => {
    await send(w.systemAdmin, 'POST', '/api/admin/companies', { name: 'Zephyr Instruments' });
    const res = await send(w.systemAdmin, 'GET', '/api/admin/companies?search=zephyr');
    expect(res.json().data.map((c: { name: string }) => c.name)).toEqual(['Zephyr Instruments']);
    expect(res.json().meta.total).toBe(1);
  });
});
