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
const names = (res: { json(): { data: { name: string }[] } }) => res.json().data.map((c) => c.name);

describe('badge categories', () => {
  it('creates categories and add-ons, listing them by event in menu order', async () => {
    const visitor = await send(w.eventAdminA, 'POST', '/api/admin/badge-categories', {
      eventId: w.eventA,
      name: 'Trade visitor',
      badgeType: 'visitor',
      unitPrice: 2500,
      sortOrder: 1,
    });
    expect(visitor.statusCode).toBe(201);
    expect(visitor.json().data).toMatchObject({ type: 'badge', badgeType: 'visitor', unitPrice: 2500, currency: 'USD', badgeCount: 0 });
    const parking = await send(w.eventAdminA, 'POST', '/api/admin/badge-categories', {
      eventId: w.eventA,
      name: 'Parking',
      type: 'addon',
      badgeType: 'exhibitor',
    });
    expect(parking.statusCode).toBe(201);

    const menu = await send(w.eventAdminA, 'GET', `/api/admin/badge-categories/event/${w.eventA}?type=badge&limit=50`);
    expect(menu.statusCode).toBe(200);
    expect(names(menu)).toEqual(['Exhibitor staff', 'VIP guests', 'Trade visitor']);
    // The menu call does not count badges; the list and the details do.
    expect(menu.json().data[0]).not.toHaveProperty('badgeCount');
    const addons = await send(w.eventAdminA, 'GET', `/api/admin/addons/event/${w.eventA}`);
    expect(names(addons)).toEqual(['Parking']);
    const visitorsOnly = await send(w.eventAdminA, 'GET', `/api/admin/badge-categories/event/${w.eventA}?badgeType=visitor`);
    expect(names(visitorsOnly)).toEqual(['Trade visitor']);
    const limited = await send(w.eventAdminA, 'GET', `/api/admin/badge-categories/event/${w.eventA}?limit=1`);
    expect(limited.json().data).toHaveLength(1);
  });

  it('shows a VIP admin only vip categories, and an exhibitor only the types it may see', async () => {
    expect(names(await send(w.vipAdminA, 'GET', `/api/admin/badge-categories/event/${w.eventA}`))).toEqual(['VIP guests']);
    const forExhibitor = names(await send(w.exhibitorA, 'GET', `/api/admin/badge-categories/event/${w.eventA}`));
    expect(forExhibitor).toContain('Exhibitor staff');
    expect(forExhibitor).not.toContain('VIP guests');
    expect((await send(w.exhibitorA, 'GET', `/api/admin/badge-categories/${w.vipCategoryA}`)).statusCode).toBe(404);
  });

  it('answers 404 for another event’s list or category', async () => {
    expect((await send(w.eventAdminA, 'GET', `/api/admin/badge-categories/event/${w.eventB}`)).statusCode).toBe(404);
    expect((await send(w.exhibitorA, 'GET', `/api/admin/addons/event/${w.eventB}`)).statusCode).toBe(404);
    const all = await send(w.eventAdminA, 'GET', '/api/admin/badge-categories?per_page=100');
    expect(all.json().data.every((c: { eventId: number }) => c.eventId === w.eventA)).toBe(true);
  });

  it('refuses a duplicate name in the event (any case), a bad price and a type the creator cannot see', async () => {
    const duplicate = await send(w.eventAdminA, 'POST', '/api/admin/badge-categories', { eventId: w.eventA, name: 'EXHIBITOR STAFF', badgeType: 'exhibitor' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().details[0].field).toBe('name');
    const otherEvent = await send(w.systemAdmin, 'POST', '/api/admin/badge-categories', { eventId: w.eventB, name: 'VIP guests', badgeType: 'vip' });
    expect(otherEvent.statusCode).toBe(201);
    for (const unitPrice of [-1, 1.5, '10']) {
      const res = await send(w.eventAdminA, 'POST', '/api/admin/badge-categories', { eventId: w.eventA, name: `Priced ${unitPrice}`, badgeType: 'visitor', unitPrice });
      expect(res.statusCode).toBe(400);
    }
    await send(w.systemAdmin, 'POST', '/api/admin/roles', { name: 'Category Maker', permissions: ['create_badge_category', 'can_see_exhibitor'] });
    const creator = await t.createUser({ roles: ['Category Maker'], eventId: w.eventA });
    const hidden = await send(creator, 'POST', '/api/admin/badge-categories', { eventId: w.eventA, name: 'X', badgeType: 'vip' });
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().details).toEqual([{ field: 'badgeType', message: 'You cannot manage VIP badges' }]);
  });

  it('updates, and deletes only what nothing uses', async () => {
    const created = (await send(w.eventAdminA, 'POST', '/api/admin/badge-categories', { eventId: w.eventA, name: 'Press', badgeType: 'visitor' })).json().data;
    const updated = await send(w.eventAdminA, 'PUT', `/api/admin/badge-categories/${created.id}`, { displayName: 'Press & media', isActive: false });
    expect(updated.json().data).toMatchObject({ displayName: 'Press & media', isActive: false });
    expect((await send(w.eventAdminA, 'DELETE', `/api/admin/badge-categories/${created.id}`)).statusCode).toBe(204);
    expect((await send(w.eventAdminA, 'GET', `/api/admin/badge-categories/${created.id}`)).statusCode).toBe(404);
  });

  it('sells lead scanning only through an add-on: stored on create and update, 400 for a badge category', async () => {
    const post = (payload: object) => send(w.eventAdminA, 'POST', '/api/admin/badge-categories', { eventId: w.eventA, badgeType: 'exhibitor', ...payload });
    const plain = await post({ name: 'Stendu Wi‑Fi', type: 'addon' });
    expect(plain.json().data.grantsLeadScanning).toBe(false);
    const scanner = await post({ name: 'Σαρωτής leads', type: 'addon', grantsLeadScanning: true });
    expect(scanner.statusCode).toBe(201);
    expect(scanner.json().data).toMatchObject({ type: 'addon', grantsLeadScanning: true });
    const id = scanner.json().data.id;
    expect((await send(w.eventAdminA, 'GET', `/api/admin/badge-categories/${id}`)).json().data.grantsLeadScanning).toBe(true);
    const off = await send(w.eventAdminA, 'PUT', `/api/admin/badge-categories/${id}`, { grantsLeadScanning: false });
    expect(off.json().data.grantsLeadScanning).toBe(false);

    const badge = await post({ name: 'Сканер', grantsLeadScanning: true });
    expect(badge.statusCode).toBe(400);
    expect(badge.json().details).toEqual([{ field: 'grantsLeadScanning', message: 'Only an add-on can sell lead scanning' }]);
    const staff = await send(w.eventAdminA, 'PUT', `/api/admin/badge-categories/${w.categoryA}`, { grantsLeadScanning: true });
    expect(staff.statusCode).toBe(400);
    expect(staff.json().details[0].field).toBe('grantsLeadScanning');
    // Saying no on a badge category is no claim to refuse.
    expect((await send(w.eventAdminA, 'PUT', `/api/admin/badge-categories/${w.categoryA}`, { grantsLeadScanning: false })).statusCode).toBe(200);
    expect((await post({ name: 'Not a flag', type: 'addon', grantsLeadScanning: 'yes' })).statusCode).toBe(400);
  });
});
