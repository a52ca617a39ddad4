import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorld, type TestApp, type World } from '../../test/harness';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
});
afterAll(() => t.close());

describe('dashboard summary', () => {
  it('counts within the caller’s scope and lists the latest badges and events', async () => {
    const created = await t.request(w.eventAdminA, {
      method: 'POST',
      url: '/api/admin/exhibitor-users',
      payload: { firstName: 'Newest', lastName: 'Badge', email: 'newest@dash.example', badgeCategoryId: w.vipCategoryA },
    });
    expect(created.statusCode).toBe(201);

    const forEvent = (await t.request(w.eventAdminA, { method: 'GET', url: '/api/dashboard/summary' })).json().data;
    expect(forEvent.stats).toEqual({ events: 1, exhibitors: 1, badges: 2, pendingPurchases: 0 });
    expect(forEvent.recentUsers[0]).toMatchObject({ firstName: 'Newest', eventName: 'Event A' });
    expect(forEvent.recentUsers.length).toBeLessThanOrEqual(3);
    expect(forEvent.recentEvents.map((e: { id: number }) => e.id)).toEqual([w.eventA]);

    const global = (await t.request(w.systemAdmin, { method: 'GET', url: '/api/dashboard/summary' })).json().data;
    expect(global.stats).toMatchObject({ events: 2, exhibitors: 2, badges: 3 });
    expect(global.recentEvents).toHaveLength(2);
  });
});
