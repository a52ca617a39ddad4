import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins } from '../../db/schema/admins';
import { roles } from '../../db/schema/roles';
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

const show = {
  name: 'Rotterdam Maritime Week',
  description: 'Ports, ships and logistics',
  startDate: '2027-06-01',
  endDate: '2027-06-03',
  venue: 'Ahoy',
  city: 'Rotterdam',
  country: 'Netherlands',
  timezone: 'Europe/Amsterdam',
  currency: 'eur',
};

describe('events', () => {
  it('creates an event with a slug from its name, and a free variant for the same name', async () => {
    const first = await send(w.systemAdmin, 'POST', '/api/events', show);
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ slug: 'rotterdam-maritime-week', currency: 'EUR', status: 'draft', exhibitorCount: 0 });
    const second = await send(w.systemAdmin, 'POST', '/api/events', show);
    expect(second.json().data.slug).toBe('rotterdam-maritime-week-2');
    const taken = await send(w.systemAdmin, 'POST', '/api/events', { ...show, slug: 'rotterdam-maritime-week' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details[0].field).toBe('slug');
  });

  it.each([
    ['end before start', { startDate: '2027-06-03', endDate: '2027-06-01' }, 'endDate'],
    ['a date that does not exist', { startDate: '2027-02-30' }, 'startDate'],
    ['an unknown time zone', { timezone: 'Mars/Olympus' }, 'timezone'],
    ['a bad currency', { currency: 'dollars' }, 'currency'],
    ['a bad slug', { slug: 'Not A Slug!' }, 'slug'],
    ['an unknown status', { status: 'cancelled' }, 'status'],
    ['no name', { name: '' }, 'name'],
  ])('refuses %s on the field', async (_label, patch, field) => {
    const res = await send(w.systemAdmin, 'POST', '/api/events', { ...show, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('checks the dates of an update against the stored ones', async () => {
    const created = (await send(w.systemAdmin, 'POST', '/api/events', show)).json().data;
    const res = await send(w.systemAdmin, 'PUT', `/api/events/${created.id}`, { endDate: '2027-05-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('endDate');
  });

  it('lists with the spec’s name search and pagination; an event admin sees its own event only', async () => {
    const all = await send(w.systemAdmin, 'GET', '/api/events?name=maritime&per_page=1&page=1');
    expect(all.json().meta.total).toBeGreaterThanOrEqual(2);
    expect(all.json().data).toHaveLength(1);
    const mine = await send(w.eventAdminA, 'GET', '/api/events?per_page=100');
    expect(mine.json().data.map((e: { id: number }) => e.id)).toEqual([w.eventA]);
    expect((await send(w.exhibitorA, 'GET', `/api/events/${w.eventA}`)).statusCode).toBe(403);
  });

  it('keeps an accounting address for invoice copies, checked and clearable', async () => {
    const set = await send(w.eventAdminA, 'PUT', `/api/events/${w.eventA}`, { accountingEmail: ' Books@Event-A.example ' });
    expect(set.json().data.accountingEmail).toBe('books@event-a.example');
    const bad = await send(w.eventAdminA, 'PUT', `/api/events/${w.eventA}`, { accountingEmail: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('accountingEmail');
    const cleared = await send(w.eventAdminA, 'PUT', `/api/events/${w.eventA}`, { accountingEmail: '' });
    expect(cleared.json().data.accountingEmail).toBeNull();
  });

  it('lets an event admin edit its own event but not create one', async () => {
    const res = await send(w.eventAdminA, 'PUT', `/api/events/${w.eventA}`, { venue: 'Hall 9' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.venue).toBe('Hall 9');
    const custom = await t.createUser({ roles: ['System Admin'], eventId: w.eventA });
    expect((await send(custom, 'POST', '/api/events', show)).statusCode).toBe(403);
  });

  it('refuses to delete an event with exhibitors until it is archived, then deletes it with its accounts', async () => {
    const created = (await send(w.systemAdmin, 'POST', '/api/events', { ...show, name: 'Short Lived' })).json().data;
    const exhibitor = await t.createUser({ roles: ['Exhibitor'], eventId: created.id });
    const refused = await send(w.systemAdmin, 'DELETE', `/api/events/${created.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('archive');
    await send(w.systemAdmin, 'PUT', `/api/events/${created.id}`, { status: 'archived' });
    expect((await send(w.systemAdmin, 'DELETE', `/api/events/${created.id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(admins).where(eq(admins.id, exhibitor.id))).toEqual([]);
  });

  it('answers 404 to an event-scoped deleter for another event, 403 for its own', async () => {
    const [role] = await t.db.insert(roles).values({ name: 'Event Remover' }).returning();
    const remover = await t.createUser({ eventId: w.eventA });
    await t.db.execute(sql`insert into role_permissions (role_id, permission_id)
      select ${role!.id}, id from permissions where name = 'delete_event'`);
    await t.db.execute(sql`insert into admin_roles values (${remover.id}, ${role!.id})`);
    expect((await send(remover, 'DELETE', `/api/events/${w.eventB}`)).statusCode).toBe(404);
    expect((await send(remover, 'DELETE', `/api/events/${w.eventA}`)).statusCode).toBe(403);
  });
});
