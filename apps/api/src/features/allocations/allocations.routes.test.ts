import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationLinks } from '../../db/schema/registration-links';
import { formBody } from '../bulk-imports/upload-helpers.test-support';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
});
afterAll(() => t.close());

const send = (as: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.request(as, { method, url, payload });
const allocate = (as: TestUser, adminId: number, badgeCategoryId: number, quantity: number) =>
  send(as, 'PUT', '/api/admin/allocations', { adminId, badgeCategoryId, quantity });
let n = 0;
const register = (as: TestUser, badgeCategoryId: number, extra: object = {}) =>
  send(as, 'POST', '/api/admin/exhibitor-users', {
    firstName: 'Guest',
    lastName: `Number ${++n}`,
    email: `guest${n}@badges.example`,
    badgeCategoryId,
    ...extra,
  });

describe('allocations', () => {
  it('sets an exhibitor’s allocation and counts what is used, live', async () => {
    const exhibitor = await t.createUser({ roles: ['Exhibitor'], eventId: w.eventA });
    const created = await send(w.eventAdminA, 'POST', '/api/admin/allocations', { adminId: exhibitor.id, badgeCategoryId: w.categoryA, quantity: 2 });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ quantity: 2, used: 0, reserved: 0, available: 2, badgeCategory: { name: 'Exhibitor staff' } });
    expect((await register(exhibitor, w.categoryA)).statusCode).toBe(201);
    const list = await send(w.eventAdminA, 'GET', `/api/admin/allocations?adminId=${exhibitor.id}`);
    expect(list.json().data[0]).toMatchObject({ used: 1, usedTotal: 1, available: 1 });
  });

  it('refuses the badge beyond the allocation with 422 naming the category', async () => {
    const exhibitor = await t.createUser({ roles: ['Exhibitor'], eventId: w.eventA });
    await allocate(w.eventAdminA, exhibitor.id, w.categoryA, 1);
    expect((await register(exhibitor, w.categoryA)).statusCode).toBe(201);
    const refused = await register(exhibitor, w.categoryA);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Allocation exhausted for Exhibitor staff');
    const none = await register(exhibitor, w.vipCategoryA);
    expect(none.statusCode).toBe(400);
  });

  it('gives the place back when a badge is cancelled or deleted', async () => {
    const exhibitor = await t.createUser({ roles: ['Exhibitor'], eventId: w.eventA });
    await allocate(w.eventAdminA, exhibitor.id, w.categoryA, 1);
    const badge = (await register(exhibitor, w.categoryA)).json().data;
    expect((await send(exhibitor, 'PUT', `/api/admin/exhibitor-users/${badge.id}`, { status: 'cancelled' })).statusCode).toBe(200);
    const second = (await register(exhibitor, w.categoryA)).json().data;
    expect(second.status).toBe('active');
    const reactivate = await send(exhibitor, 'PUT', `/api/admin/exhibitor-users/${badge.id}`, { status: 'active' });
    expect(reactivate.statusCode).toBe(422);
    expect((await t.request(exhibitor, { method: 'DELETE', url: `/api/admin/exhibitor-users/${second.id}` })).statusCode).toBe(204);
    expect((await send(exhibitor, 'PUT', `/api/admin/exhibitor-users/${badge.id}`, { status: 'active' })).statusCode).toBe(200);
  });

  it('lets an exhibitor hand part of its allocation to a sub-account, never more than it has', async () => {
    const exhibitor = await t.createUser({ roles: ['Exhibitor'], eventId: w.eventA });
    const sub = await t.createUser({ roles: ['Sub-Account'], eventId: w.eventA, exhibitorId: exhibitor.id });
    await allocate(w.eventAdminA, exhibitor.id, w.categoryA, 5);
    expect((await register(exhibitor, w.categoryA)).statusCode).toBe(201);
    const tooMuch = await allocate(exhibitor, sub.id, w.categoryA, 5);
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().details[0]).toEqual({ field: 'quantity', message: 'At most 4' });
    const child = await allocate(exhibitor, sub.id, w.categoryA, 3);
    expect(child.statusCode).toBe(200);
    expect(child.json().data.parentAllocationId).not.toBeNull();

    for (let i = 0; i < 3; i++) expect((await register(sub, w.categoryA)).statusCode).toBe(201);
    expect((await register(sub, w.categoryA)).statusCode).toBe(422);
    // The exhibitor has 5 − 3 handed out − 1 used = 1 left for itself.
    expect((await register(exhibitor, w.categoryA)).statusCode).toBe(201);
    expect((await register(exhibitor, w.categoryA)).statusCode).toBe(422);

    const parent = (await send(exhibitor, 'GET', `/api/admin/allocations?adminId=${exhibitor.id}`)).json().data[0];
    expect(parent).toMatchObject({ quantity: 5, used: 2, reserved: 3, usedTotal: 5, available: 0 });
    expect((await allocate(exhibitor, sub.id, w.categoryA, 2)).statusCode).toBe(422);
    expect((await allocate(w.eventAdminA, exhibitor.id, w.categoryA, 4)).statusCode).toBe(422);
    const withChildren = (await send(exhibitor, 'GET', `/api/admin/allocations?includeChildAllocations=true`)).json().data;
    expect(withChildren.map((a: { adminId: number }) => a.adminId).sort()).toEqual([exhibitor.id, sub.id].sort());
  });

  it('counts the places open links hold, as bulk send does, so that the figures add up to the quantity', async () => {
    const exhibitor = await t.createUser({ roles: ['Exhibitor'], eventId: w.eventA });
    const sub = await t.createUser({ roles: ['Sub-Account'], eventId: w.eventA, exhibitorId: exhibitor.id });
    await allocate(w.eventAdminA, exhibitor.id, w.categoryA, 12);
    expect((await allocate(exhibitor, sub.id, w.categoryA, 4)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await register(exhibitor, w.categoryA)).statusCode).toBe(201);
    const link = (id: string, values: Partial<typeof registrationLinks.$inferInsert>) => ({
      id: `${id}-${exhibitor.id}`,
      kind: 'badge' as const,
      eventId: w.eventA,
      exhibitorId: exhibitor.id,
      badgeCategoryId: w.categoryA,
      ...values,
    });
    const past = new Date(Date.now() - 60_000);
    await t.db.insert(registrationLinks).values([
      link('open', { maxUses: 3, uses: 1 }),
      link('one', { maxUses: 1, email: `held${exhibitor.id}@links.example` }),
      link('expired', { maxUses: 5, expiresAt: past }),
      link('revoked', { maxUses: 5, revokedAt: past }),
      link('used-up', { maxUses: 2, uses: 2 }),
      link('unlimited', { maxUses: null }),
      link('other-category', { maxUses: 5, badgeCategoryId: w.vipCategoryA }),
      link('sub', { maxUses: 1, exhibitorId: sub.id }),
    ]);

    const all = (await send(exhibitor, 'GET', '/api/admin/allocations?includeChildAllocations=true')).json().data;
    const parent = all.find((a: { adminId: number }) => a.adminId === exhibitor.id);
    // 12 = 3 registered + 4 to the sub-account + 3 held by its open links (2 left of one, 1 of another) + 2.
    expect(parent).toMatchObject({ quantity: 12, used: 3, reserved: 4, heldByLinks: 3, available: 2 });
    expect(parent.used + parent.reserved + parent.heldByLinks + parent.available).toBe(parent.quantity);
    const child = all.find((a: { adminId: number }) => a.adminId === sub.id);
    expect(child).toMatchObject({ quantity: 4, used: 0, reserved: 0, heldByLinks: 1, available: 3 });

    // Bulk send counts the same places left.
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Recipients').addRows([['email', 'firstName', 'lastName'], ['new@links.example', 'New', 'Guest']]);
    const checked = await t.request(exhibitor, {
      method: 'POST',
      url: '/api/admin/registration-links/bulk-user-badge-category/upload',
      ...formBody(
        { step: 'validate', badgeCategoryId: w.categoryA },
        { name: 'r.xlsx', bytes: Buffer.from(await book.xlsx.writeBuffer()) },
      ),
    });
    expect(checked.json().data.capacity).toEqual({ needed: 1, available: parent.available });
  });

  it('keeps exhibitors from raising their own allocation and admins to their event', async () => {
    const own = await allocate(w.exhibitorA, w.exhibitorA.id, w.categoryA, 100);
    expect(own.statusCode).toBe(403);
    expect((await allocate(w.eventAdminA, w.exhibitorB.id, w.categoryB, 5)).statusCode).toBe(400);
    expect((await allocate(w.eventAdminA, w.exhibitorA.id, w.categoryB, 5)).statusCode).toBe(400);
    expect((await allocate(w.eventAdminA, w.eventAdminA.id, w.categoryA, 5)).statusCode).toBe(400);
  });

  it('names the bounds when a quantity is out of them', async () => {
    const huge = await allocate(w.eventAdminA, w.exhibitorA.id, w.categoryA, 99_999_999_999);
    expect(huge.statusCode).toBe(400);
    expect(huge.json().details).toEqual([{ field: 'quantity', message: 'A whole number from 0 to 1,000,000' }]);
  });

  it('sets many allocations at once, all or nothing', async () => {
    const e1 = await t.createUser({ roles: ['Exhibitor'], eventId: w.eventA });
    const e2 = await t.createUser({ roles: ['Exhibitor'], eventId: w.eventA });
    const ok = await send(w.eventAdminA, 'POST', '/api/admin/allocations/bulk', {
      eventId: w.eventA,
      items: [
        { adminId: e1.id, badgeCategoryId: w.categoryA, quantity: 10 },
        { adminId: e2.id, badgeCategoryId: w.categoryA, quantity: 20 },
      ],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.map((a: { quantity: number }) => a.quantity)).toEqual([10, 20]);
    const failed = await send(w.eventAdminA, 'POST', '/api/admin/allocations/bulk', {
      eventId: w.eventA,
      mode: 'add',
      items: [
        { adminId: e1.id, badgeCategoryId: w.categoryA, quantity: 5 },
        { adminId: w.exhibitorB.id, badgeCategoryId: w.categoryA, quantity: 5 },
      ],
    });
    expect(failed.statusCode).toBe(400);
    expect(failed.json().details[0].field).toBe('items.1.adminId');
    const after = (await send(w.eventAdminA, 'GET', `/api/admin/allocations?adminId=${e1.id}`)).json().data[0];
    expect(after.quantity).toBe(10);
  });

  it('creates exactly one badge when twenty registrations race for the last place', async () => {
    const exhibitor = await t.createUser({ roles: ['Exhibitor'], eventId: w.eventA });
    await allocate(w.eventAdminA, exhibitor.id, w.categoryA, 1);
    const results = await Promise.all(Array.from({ length: 20 }, () => register(exhibitor, w.categoryA)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(19);
    const allocation = (await send(w.eventAdminA, 'GET', `/api/admin/allocations?adminId=${exhibitor.id}`)).json().data[0];
    expect(allocation).toMatchObject({ quantity: 1, used: 1 });
    const badges = (await send(w.eventAdminA, 'GET', `/api/admin/exhibitor-users?exhibitorId=${exhibitor.id}`)).json();
    expect(badges.meta.total).toBe(1);
  });
});
