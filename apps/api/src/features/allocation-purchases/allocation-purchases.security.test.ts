import type { AllocationPurchase, BillingDocument } from '@portal/shared/allocation-purchases';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { badgeCategories } from '../../db/schema/badges';
import { allocationPurchases } from '../../db/schema/allocation-purchases';
import { paymentRefunds } from '../../db/schema/payments';
import { roles } from '../../db/schema/roles';
import { setRolePermissions } from '../roles/roles.repository';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';

let t: TestApp;
let w: World;
const PRICE = 1500;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://portal.test' });
  w = await createWorld(t);
  await t.db.update(badgeCategories).set({ unitPriceCents: PRICE }).where(eq(badgeCategories.id, w.categoryA));
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const send = (as: TestUser | null, method: Method, url: string, payload?: object) =>
  t.request(as, { method, url, payload });
const purchaseOf = async (id: number): Promise<AllocationPurchase> =>
  (await send(w.systemAdmin, 'GET', `/api/admin/allocation-purchases/${id}`)).json().data;
const sessionOf = (token: { url: string }) => token.url.split('/').pop()!;

async function allocationQuantity(adminId: number): Promise<number | undefined> {
  const res = await send(
    w.systemAdmin,
    'GET',
    `/api/admin/allocations?adminId=${adminId}&badgeCategoryId=${w.categoryA}&includeChildAllocations=true`,
  );
  return res.json().data.find((a: { adminId: number }) => a.adminId === adminId)?.quantity;
}

async function requested(as: TestUser, places: number): Promise<number> {
  const res = await send(as, 'POST', '/api/admin/allocation-purchases', {
    badgeCategoryId: w.categoryA,
    quantity: places,
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

async function approved(as: TestUser, places: number): Promise<number> {
  const id = await requested(as, places);
  const res = await send(w.eventAdminA, 'PUT', `/api/admin/allocation-purchases/${id}`, {
    action: 'approve',
    accepted_amount: places,
  });
  expect(res.statusCode).toBe(200);
  return id;
}

async function token(as: TestUser, id: number) {
  const res = await send(as, 'POST', `/api/admin/allocation-purchases/${id}/payment-token`);
  expect(res.statusCode).toBe(200);
  return res.json().data as { url: string };
}

async function paid(as: TestUser, places: number): Promise<number> {
  const id = await approved(as, places);
  const res = await send(null, 'POST', `/api/payments/sandbox/${sessionOf(await token(as, id))}`, {
    outcome: 'success',
  });
  expect(res.statusCode).toBe(200);
  return id;
}

const auditCount = async (id: number, action: string) =>
  (
    await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, 'allocation_purchase'),
          eq(auditLog.entityId, String(id)),
          eq(auditLog.action, action),
        ),
      )
  ).length;

describe('reach of every purchase endpoint', () => {
  it('answers 404 to another event, another exhibitor and a sibling sub-account, and changes nothing', async () => {
    const exhibitor = await t.createUser({ roles: ['Exhibitor'], eventId: w.eventA, companyId: w.companyA });
    const sub = await t.createUser({
      roles: ['Sub-Account'],
      eventId: w.eventA,
      exhibitorId: exhibitor.id,
      companyId: w.companyA,
    });
    const sibling = await t.createUser({
      roles: ['Sub-Account'],
      eventId: w.eventA,
      exhibitorId: exhibitor.id,
      companyId: w.companyA,
    });
    const id = await paid(sub, 2);
    const other = await approved(sub, 1);
    await send(w.eventAdminA, 'POST', `/api/admin/allocation-purchases/${id}/reissue-invoice`, {});
    const before = await purchaseOf(id);
    const creditNoteId = before.creditNotes[0]!.id;

    for (const outsider of [w.eventAdminB, w.exhibitorB, w.exhibitorA, w.subAccountA, sibling]) {
      const calls: [Method, string, object?][] = [
        ['GET', `/api/admin/allocation-purchases/${id}`],
        ['PUT', `/api/admin/allocation-purchases/${other}`, { action: 'cancel' }],
        ['POST', `/api/admin/allocation-purchases/${other}/payment-token`],
        ['GET', `/api/admin/allocation-purchases/${id}/invoice`],
        ['GET', `/api/admin/credit-notes/${creditNoteId}`],
      ];
      for (const [method, url, payload] of calls) {
        const res = await send(outsider, method, url, payload);
        expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
      }
      const list = (await send(outsider, 'GET', '/api/admin/allocation-purchases?per_page=100')).json().data;
      expect(list.map((p: AllocationPurchase) => p.id)).not.toContain(id);
    }
    // Organisers of another event hold every permission, so only the scope can stop them.
    const organiserCalls: [string, object][] = [
      [`/api/admin/allocation-purchases/${id}/refunds`, { amount: PRICE, reason: 'Taken' }],
      [`/api/admin/allocation-purchases/${id}/reissue-invoice`, {}],
      ['/api/payments', { allocationPurchaseId: other, reference: 'FOREIGN-1' }],
      [`/api/admin/allocation-purchases/${other}`, { action: 'approve', accepted_amount: 1 }],
    ];
    for (const [url, payload] of organiserCalls) {
      const method = url.endsWith(`/${other}`) ? 'PUT' : 'POST';
      const res = await send(w.eventAdminB, method, url, payload);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
    }
    // Exhibitors and sub-accounts never record payments, refund or reissue, even their own.
    for (const [url, payload] of organiserCalls.slice(0, 3)) {
      expect((await send(exhibitor, 'POST', url, payload)).statusCode).toBe(403);
    }

    const documents = (await send(sibling, 'GET', `/api/admin/events/${w.eventA}/invoices`)).json()
      .data as BillingDocument[];
    expect(documents.map((d) => d.number)).not.toContain(before.invoice!.number);
    expect((await send(w.exhibitorB, 'GET', `/api/admin/events/${w.eventA}/invoices`)).statusCode).toBe(404);

    expect(await purchaseOf(id)).toEqual(before);
    expect((await purchaseOf(other)).status).toBe('approved');
  });

  it('gives a VIP admin nothing of purchases: its role holds no purchase permission', async () => {
    const id = await approved(w.exhibitorA, 1);
    for (const url of [
      '/api/admin/allocation-purchases',
      `/api/admin/allocation-purchases/${id}`,
      `/api/admin/allocation-purchases/${id}/invoice`,
      `/api/admin/events/${w.eventA}/invoices`,
    ]) {
      expect((await send(w.vipAdminA, 'GET', url)).statusCode).toBe(403);
    }
    expect((await send(w.vipAdminA, 'POST', `/api/admin/allocation-purchases/${id}/payment-token`)).statusCode).toBe(
      403,
    );
  });
  it('keeps a VIP admin granted purchase permissions to the purchases of VIP categories', async () => {
    const [role] = await t.db.insert(roles).values({ name: 'VIP purchases' }).returning({ id: roles.id });
    await setRolePermissions(t.db, role!.id, [
      'view_allocation_purchase',
      'update_allocation_purchase',
      'refund_payment',
    ]);
    const vip = await t.createUser({ roles: ['VIP Admin', 'VIP purchases'], eventId: w.eventA });
    await t.db.update(badgeCategories).set({ unitPriceCents: PRICE }).where(eq(badgeCategories.id, w.vipCategoryA));
    const exhibitor = await t.createUser({ roles: ['Exhibitor'], eventId: w.eventA, companyId: w.companyA });
    const staff = await paid(exhibitor, 1);
    const vipRequest = await send(w.systemAdmin, 'POST', '/api/admin/allocation-purchases', {
      badgeCategoryId: w.vipCategoryA,
      quantity: 1,
    });
    // Organisers do not request places; an exhibitor of the event does.
    expect(vipRequest.statusCode).toBe(403);
    const [vipPurchase] = await t.db
      .insert(allocationPurchases)
      .values({
        eventId: w.eventA,
        badgeCategoryId: w.vipCategoryA,
        requestedByAdminId: exhibitor.id,
        exhibitorId: exhibitor.id,
        quantity: 1,
        unitPriceCents: PRICE,
        totalPriceCents: PRICE,
        currency: 'USD',
      })
      .returning({ id: allocationPurchases.id });

    const seen = (await send(vip, 'GET', '/api/admin/allocation-purchases?per_page=100')).json()
      .data as AllocationPurchase[];
    expect(seen.map((p) => p.id)).toEqual([vipPurchase!.id]);
    expect((await send(vip, 'GET', `/api/admin/allocation-purchases/${vipPurchase!.id}`)).statusCode).toBe(200);
    expect((await send(vip, 'GET', `/api/admin/allocation-purchases/${staff}`)).statusCode).toBe(404);
    expect((await send(vip, 'GET', `/api/admin/allocation-purchases/${staff}/invoice`)).statusCode).toBe(404);
    const refund = await send(vip, 'POST', `/api/admin/allocation-purchases/${staff}/refunds`, {
      amount: PRICE,
      reason: 'x',
    });
    expect(refund.statusCode).toBe(404);
    const documents = (await send(vip, 'GET', `/api/admin/events/${w.eventA}/invoices`)).json()
      .data as BillingDocument[];
    expect(documents.map((d) => d.number)).not.toContain((await purchaseOf(staff)).invoice!.number);
    expect((await purchaseOf(staff)).status).toBe('paid');
  });
});

describe('public payment endpoints', () => {
  it('flip nothing without the provider’s word and answer 404 to guessed ids', async () => {
    const exhibitor = await t.createUser({ roles: ['Exhibitor'], eventId: w.eventA, companyId: w.companyA });
    const id = await approved(exhibitor, 1);
    await token(exhibitor, id);
    for (let i = 0; i < 3; i++) {
      const res = await send(exhibitor, 'GET', `/api/webhooks/allocation-purchases/${id}/sync-payment`);
      expect(res.json().data).toEqual({ status: 'pending', amount: PRICE, currency: 'USD', eventName: 'Event A' });
    }
    expect((await purchaseOf(id)).status).toBe('approved');
    expect(await allocationQuantity(exhibitor.id)).toBeUndefined();
    expect((await send(null, 'GET', '/api/webhooks/allocation-purchases/999999/sync-payment')).statusCode).toBe(404);
    expect((await send(null, 'GET', '/api/payment-status/999999')).statusCode).toBe(404);
    expect((await send(null, 'POST', '/api/payments/sandbox/sbx_guessed', { outcome: 'success' })).statusCode).toBe(
      404,
    );
  });
});

describe('races', () => {
  it('lets only one of two refunds of the whole amount through', async () => {
    const exhibitor = await t.createUser({ roles: ['Exhibitor'], eventId: w.eventA, companyId: w.companyA });
    const id = await paid(exhibitor, 2);
    const refund = () =>
      send(w.eventAdminA, 'POST', `/api/admin/allocation-purchases/${id}/refunds`, {
        amount: 2 * PRICE,
        reason: 'Race',
      });
    const results = await Promise.all([refund(), refund()]);
    // The loser finds the purchase refunded already.
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const after = await purchaseOf(id);
    expect(after).toMatchObject({ status: 'refunded', refunded_amount: 2 * PRICE });
    expect(after.creditNotes).toHaveLength(1);
    expect(await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.allocationPurchaseId, id))).toHaveLength(1);
    expect(await allocationQuantity(exhibitor.id)).toBe(0);
    expect(await auditCount(id, 'refund')).toBe(1);
  });

  it('keeps two racing partial refunds within what was paid', async () => {
    const exhibitor = await t.createUser({ roles: ['Exhibitor'], eventId: w.eventA, companyId: w.companyA });
    const id = await paid(exhibitor, 2);
    const refund = () =>
      send(w.eventAdminA, 'POST', `/api/admin/allocation-purchases/${id}/refunds`, {
        amount: PRICE + 1,
        reason: 'Race',
      });
    const results = await Promise.all([refund(), refund()]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect((await purchaseOf(id)).refunded_amount).toBe(PRICE + 1);
  });

  it('lets one of a racing approval and rejection win, and issues an invoice only with the approval', async () => {
    const exhibitor = await t.createUser({ roles: ['Exhibitor'], eventId: w.eventA, companyId: w.companyA });
    const id = await requested(exhibitor, 3);
    const secondOrganiser = await t.createUser({ roles: ['Event Admin'], eventId: w.eventA });
    const [approval, rejection] = await Promise.all([
      send(w.eventAdminA, 'PUT', `/api/admin/allocation-purchases/${id}`, { action: 'approve', accepted_amount: 3 }),
      send(secondOrganiser, 'PUT', `/api/admin/allocation-purchases/${id}`, { action: 'reject', comment: 'No' }),
    ]);
    expect([approval.statusCode, rejection.statusCode].sort()).toEqual([200, 409]);
    const after = await purchaseOf(id);
    if (approval.statusCode === 200) {
      expect(after).toMatchObject({ status: 'approved', accepted_amount: 3, amount_to_pay: 3 * PRICE });
      expect(after.invoice).not.toBeNull();
    } else {
      expect(after).toMatchObject({ status: 'rejected', invoice: null, invoice_id: null });
    }
    expect(await auditCount(id, 'approve')).toBe(approval.statusCode === 200 ? 1 : 0);
  });

  it('lets a cancellation racing an approval end the purchase either way, with no places granted', async () => {
    const exhibitor = await t.createUser({ roles: ['Exhibitor'], eventId: w.eventA, companyId: w.companyA });
    const id = await requested(exhibitor, 3);
    await Promise.all([
      send(w.eventAdminA, 'PUT', `/api/admin/allocation-purchases/${id}`, { action: 'approve', accepted_amount: 3 }),
      send(exhibitor, 'PUT', `/api/admin/allocation-purchases/${id}`, { action: 'cancel' }),
    ]);
    const after = await purchaseOf(id);
    expect(['approved', 'cancelled']).toContain(after.status);
    expect(await allocationQuantity(exhibitor.id)).toBeUndefined();
  });

  it('grows the allocation once when the payer pays two checkouts at once, and gives the second back', async () => {
    const exhibitor = await t.createUser({ roles: ['Exhibitor'], eventId: w.eventA, companyId: w.companyA });
    const id = await approved(exhibitor, 4);
    const first = sessionOf(await token(exhibitor, id));
    const second = sessionOf(await token(exhibitor, id));
    const results = await Promise.all(
      [first, second].map((session) => send(null, 'POST', `/api/payments/sandbox/${session}`, { outcome: 'success' })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await allocationQuantity(exhibitor.id)).toBe(4);
    expect((await purchaseOf(id)).status).toBe('paid');
    expect(await auditCount(id, 'pay')).toBe(1);
    expect(await auditCount(id, 'late_payment_refunded')).toBe(1);
  });

  it('pays or cancels, never both, when the payer pays as the purchase is cancelled', async () => {
    const exhibitor = await t.createUser({ roles: ['Exhibitor'], eventId: w.eventA, companyId: w.companyA });
    const id = await approved(exhibitor, 2);
    const session = sessionOf(await token(exhibitor, id));
    await Promise.all([
      send(null, 'POST', `/api/payments/sandbox/${session}`, { outcome: 'success' }),
      send(w.eventAdminA, 'PUT', `/api/admin/allocation-purchases/${id}`, { action: 'cancel' }),
    ]);
    const after = await purchaseOf(id);
    expect(['paid', 'cancelled']).toContain(after.status);
    expect(await allocationQuantity(exhibitor.id)).toBe(after.status === 'paid' ? 2 : undefined);
    expect(await auditCount(id, 'late_payment_refunded')).toBe(after.status === 'paid' ? 0 : 1);
  });

  it('records one of two bank transfers racing for the same purchase', async () => {
    const exhibitor = await t.createUser({ roles: ['Exhibitor'], eventId: w.eventA, companyId: w.companyA });
    const id = await approved(exhibitor, 2);
    const results = await Promise.all(
      ['RACE-A', 'RACE-B'].map((reference) =>
        send(w.eventAdminA, 'POST', '/api/payments', { allocationPurchaseId: id, reference: `${reference}-${id}` }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await allocationQuantity(exhibitor.id)).toBe(2);
    expect(await auditCount(id, 'pay')).toBe(1);
  });
});

describe('cancelling an invoiced purchase', () => {
  it('cancels its invoice with a credit note, so no unpaid invoice is left standing', async () => {
    const exhibitor = await t.createUser({ roles: ['Exhibitor'], eventId: w.eventA, companyId: w.companyA });
    const id = await approved(exhibitor, 2);
    const invoice = (await purchaseOf(id)).invoice!;
    const res = await send(exhibitor, 'PUT', `/api/admin/allocation-purchases/${id}`, { action: 'cancel' });
    expect(res.statusCode).toBe(200);
    const after = await purchaseOf(id);
    expect(after.status).toBe('cancelled');
    expect(after.creditNotes).toHaveLength(1);
    expect(after.creditNotes[0]).toMatchObject({ amount: 2 * PRICE, invoiceNumber: invoice.number });
    const documents = (await send(w.eventAdminA, 'GET', `/api/admin/events/${w.eventA}/invoices`)).json()
      .data as BillingDocument[];
    expect(documents.find((d) => d.number === invoice.number)?.cancelledByCreditNoteNumber).toBe(
      after.creditNotes[0]!.number,
    );
    expect(await auditCount(id, 'cancel')).toBe(1);

    // A request cancelled before any decision has no invoice, so nothing to credit.
    const undecided = await requested(exhibitor, 1);
    await send(exhibitor, 'PUT', `/api/admin/allocation-purchases/${undecided}`, { action: 'cancel' });
    expect((await purchaseOf(undecided)).creditNotes).toEqual([]);
  });
});
