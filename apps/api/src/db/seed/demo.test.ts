import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness';
import { events } from '../schema/events';
import { DEMO_LOGINS, seedDemoData } from './demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signIn(login: { email: string; password: string }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: { email: login.email, password: login.password },
  });
  expect(res.statusCode).toBe(200);
  const token: string = res.json().token;
  return (url: string) => t.app.inject({ url, headers: { authorization: `Bearer ${token}` } }).then((r) => r.json());
}

describe('the demo show', () => {
  it('is seeded once, with categories, questions, allocations and badges that agree with each other', async () => {
    expect(await seedDemoData(t.db)).toBe(true);
    expect(await seedDemoData(t.db)).toBe(false);

    const organiser = await signIn(DEMO_LOGINS.eventAdmin);
    const [event] = await t.db.select({ id: events.id }).from(events).where(eq(events.slug, 'nordic-tech-expo-2027'));
    const eventId = event!.id;
    const menu = await organiser(`/api/admin/badge-categories/event/${eventId}?type=badge`);
    expect(menu.data.map((c: { name: string }) => c.name)).toEqual([
      'Exhibitor staff',
      'Trade visitor',
      'Stand builders',
      'VIP guests',
    ]);
    const addons = await organiser(`/api/admin/addons/event/${eventId}`);
    expect(addons.data.map((c: { name: string }) => c.name)).toEqual(['Parking']);

    const exhibitor = await signIn(DEMO_LOGINS.exhibitor);
    const own = await exhibitor('/api/admin/exhibitor-users?per_page=100');
    expect(own.meta.total).toBe(4);
    expect(
      own.data.every((b: { customFieldValues: { key: string }[] }) =>
        b.customFieldValues.some((v) => v.key === 'job_title'),
      ),
    ).toBe(true);
    const allocations = await exhibitor(
      `/api/admin/allocations?eventId=${eventId}&includeChildAllocations=true&per_page=100`,
    );
    const staff = allocations.data.find(
      (a: { badgeCategory: { name: string }; parentAllocationId: number | null }) =>
        a.badgeCategory.name === 'Exhibitor staff' && a.parentAllocationId == null,
    );
    expect(staff).toMatchObject({ quantity: 10, used: 3, reserved: 2, usedTotal: 4, available: 5 });

    const subAccount = await signIn(DEMO_LOGINS.subAccount);
    const emil = await subAccount('/api/admin/exhibitor-users?per_page=100');
    expect(emil.data.map((b: { name: string }) => b.name)).toEqual(['Emil Dahl']);

    const purchases = await organiser('/api/admin/allocation-purchases?sort=purchasedAt');
    expect(purchases.data.map((p: { status: string; admin: { email: string } }) => [p.status, p.admin.email])).toEqual([
      ['requested', DEMO_LOGINS.secondExhibitor.email],
      ['paid', DEMO_LOGINS.exhibitor.email],
    ]);
    const paid = purchases.data[1];
    expect(paid).toMatchObject({
      accepted_amount: 2,
      amount_to_pay: 4000,
      is_paid: true,
      invoice_id: expect.stringMatching(/^INV-\d{4}-000001$/),
    });
    const invoice = await exhibitor(`/api/admin/allocation-purchases/${paid.id}/invoice`);
    expect(invoice.data).toMatchObject({
      status: 'PAID',
      totalAmount: 4000,
      billTo: { companyName: 'Aurora Robotics AS' },
    });
    expect((await organiser('/api/dashboard/summary')).data.stats.pendingPurchases).toBe(1);

    const vip = await signIn(DEMO_LOGINS.vipAdmin);
    const vipBadges = await vip('/api/users?per_page=100');
    expect(vipBadges.data.map((b: { type: string }) => b.type)).toEqual(['vip']);
  });
});
