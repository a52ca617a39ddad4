import type { AllocationPurchase, BillingDocument } from '@portal/shared/allocation-purchases';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { badgeCategories } from '../../db/schema/badges';
import { companies } from '../../db/schema/companies';
import { events } from '../../db/schema/events';
import { sandboxSessions } from '../../db/schema/payments';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';
import { listEmailsTo } from '../email/email.repository';

let t: TestApp;
let w: World;
let pricedCategory: number;
let freeCategory: number;
const PRICE = 2500;
const YEAR = new Date().getUTCFullYear();

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://portal.test' });
  w = await createWorld(t);
  await t.db.update(badgeCategories).set({ unitPriceCents: PRICE }).where(eq(badgeCategories.id, w.categoryA));
  pricedCategory = w.categoryA;
  const [free] = await t.db
    .insert(badgeCategories)
    .values({ eventId: w.eventA, name: 'Free passes', badgeType: 'visitor', unitPriceCents: 0 })
    .returning({ id: badgeCategories.id });
  freeCategory = free!.id;
  await t.db.update(events).set({ accountingEmail: 'books@event-a.test' }).where(eq(events.id, w.eventA));
  await t.db
    .update(companies)
    .set({ address: '1 Quay Street, Oslo', vatNumber: 'NO123456789' })
    .where(eq(companies.id, w.companyA));
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const send = (as: TestUser | null, method: Method, url: string, payload?: object) =>
  t.request(as, { method, url, payload });
const request = (as: TestUser, badgeCategoryId: number, quantity: number, extra: object = {}) =>
  send(as, 'POST', '/api/admin/allocation-purchases', { badgeCategoryId, quantity, ...extra });
const decide = (as: TestUser, id: number, body: object) =>
  send(as, 'PUT', `/api/admin/allocation-purchases/${id}`, body);
const approve = (id: number, accepted_amount: number) =>
  decide(w.eventAdminA, id, { action: 'approve', accepted_amount });
const get = (as: TestUser, id: number) => send(as, 'GET', `/api/admin/allocation-purchases/${id}`);

async function allocationOf(adminId: number, badgeCategoryId: number) {
  const res = await send(
    w.systemAdmin,
    'GET',
    `/api/admin/allocations?adminId=${adminId}&badgeCategoryId=${badgeCategoryId}&includeChildAllocations=true`,
  );
  return res.json().data.find((a: { adminId: number }) => a.adminId === adminId) as
    { quantity: number; used: number; available: number } | undefined;
}

async function newExhibitor() {
  const exhibitor = await t.createUser({ roles: ['Exhibitor'], eventId: w.eventA, companyId: w.companyA });
  return exhibitor;
}

/** Requests, approves and pays (sandbox) a purchase; answers it. */
async function paidPurchase(as: TestUser, quantity: number, accepted = quantity): Promise<AllocationPurchase> {
  const created = (await request(as, pricedCategory, quantity)).json().data;
  expect((await approve(created.id, accepted)).statusCode).toBe(200);
  const token = (await send(as, 'POST', `/api/admin/allocation-purchases/${created.id}/payment-token`)).json().data;
  const sessionId = token.url.split('/').pop();
  expect((await send(null, 'POST', `/api/payments/sandbox/${sessionId}`, { outcome: 'success' })).statusCode).toBe(200);
  return (await get(as, created.id)).json().data;
}

describe('requesting places', () => {
  it('prices the request on the server from the category, refusing any price the client sends', async () => {
    const priced = await request(w.exhibitorA, pricedCategory, 4, { unitPrice: 1, totalPrice: 4, amount_to_pay: 0 });
    expect(priced.statusCode).toBe(400);
    expect(priced.json().details.map((d: { field: string }) => d.field)).toEqual(['unitPrice', 'totalPrice', 'amount_to_pay']);
    const res = await request(w.exhibitorA, pricedCategory, 4, { comment: 'For the booth crew' });
    expect(res.statusCode).toBe(201);
    const purchase: AllocationPurchase = res.json().data;
    expect(purchase).toMatchObject({
      status: 'requested',
      quantity: 4,
      unitPrice: PRICE,
      totalPrice: 4 * PRICE,
      amount_to_pay: null,
      accepted_amount: null,
      invoice_id: null,
      is_paid: false,
      currency: 'USD',
      comment: 'For the booth crew',
      exhibitorId: w.exhibitorA.id,
      badgeCategory: { id: pricedCategory, name: 'Exhibitor staff', event: { id: w.eventA, name: 'Event A' } },
      admin: { id: w.exhibitorA.id, companyName: 'Company A', email: w.exhibitorA.email },
      creditNotes: [],
    });
    const [organiserMail] = await listEmailsTo(t.db, w.eventAdminA.email);
    expect(organiserMail!.subject).toContain('Purchase request: 4 × Exhibitor staff');
    expect(organiserMail!.textBody).toContain(`https://portal.test/allocation-purchases?purchase=${purchase.id}`);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'allocation_purchase'), eq(auditLog.entityId, String(purchase.id))));
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });

  it('refuses bad quantities, other events’ categories and organisers asking for themselves', async () => {
    for (const quantity of [0, -1, 2.5, 10_001, 'many']) {
      const res = await request(w.exhibitorA, pricedCategory, quantity as number);
      expect(res.statusCode, String(quantity)).toBe(400);
      expect(res.json().details[0].field).toBe('quantity');
    }
    const elsewhere = await request(w.exhibitorA, w.categoryB, 1);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().details[0].field).toBe('badgeCategoryId');
    expect((await request(w.eventAdminA, pricedCategory, 1)).statusCode).toBe(403);
    expect((await request(w.noRole, pricedCategory, 1)).statusCode).toBe(403);
  });

  it('keeps the buyer reference and billing address given with a request, and refuses one too long naming it', async () => {
    const send = (payload: object) =>
      t.request(w.exhibitorA, { method: 'POST', url: '/api/admin/allocation-purchases', payload: { badgeCategoryId: pricedCategory, quantity: 1, ...payload } });
    const tooLong = await send({ buyerReference: 'x'.repeat(201) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().details[0].field).toBe('buyerReference');
    const kept = await send({ buyerReference: ' PO-4711 ', billingStreet: 'Quay Street 1', billingPostcode: '0150', billingCity: 'Oslo' });
    expect(kept.statusCode).toBe(201);
    expect(kept.json().data).toMatchObject({ buyerReference: 'PO-4711', billingStreet: 'Quay Street 1', billingPostcode: '0150', billingCity: 'Oslo' });
  });
});

describe('scope', () => {
  it('shows an exhibitor its own and its sub-accounts’ purchases, a sub-account only its own', async () => {
    const exhibitor = await newExhibitor();
    const sub = await t.createUser({
      roles: ['Sub-Account'],
      eventId: w.eventA,
      exhibitorId: exhibitor.id,
      companyId: w.companyA,
    });
    const own = (await request(exhibitor, pricedCategory, 1)).json().data;
    const subs = (await request(sub, pricedCategory, 2)).json().data;
    expect(subs.exhibitorId).toBe(exhibitor.id);

    const exhibitorList = (await send(exhibitor, 'GET', '/api/admin/allocation-purchases')).json();
    expect(exhibitorList.data.map((p: AllocationPurchase) => p.id).sort()).toEqual([own.id, subs.id].sort());
    const subList = (await send(sub, 'GET', '/api/admin/allocation-purchases')).json();
    expect(subList.data.map((p: AllocationPurchase) => p.id)).toEqual([subs.id]);
    expect((await get(sub, own.id)).statusCode).toBe(404);
    expect((await get(w.exhibitorA, own.id)).statusCode).toBe(404);
    expect((await get(w.eventAdminB, own.id)).statusCode).toBe(404);
    expect((await get(w.eventAdminA, own.id)).statusCode).toBe(200);

    const filtered = (
      await send(
        w.eventAdminA,
        'GET',
        `/api/admin/allocation-purchases?exhibitorId=${exhibitor.id}&status=requested&per_page=1&sort=purchasedAt`,
      )
    ).json();
    expect(filtered.meta).toMatchObject({ total: 2, per_page: 1 });
    expect(filtered.data[0].id).toBe(own.id);
    const found = (
      await send(
        w.eventAdminA,
        'GET',
        `/api/admin/allocation-purchases?search=${encodeURIComponent(sub.email.toUpperCase())}`,
      )
    ).json();
    expect(found.data.map((p: AllocationPurchase) => p.id)).toEqual([subs.id]);
    const byCompany = (
      await send(w.eventAdminA, 'GET', `/api/admin/allocation-purchases?exhibitorId=${exhibitor.id}&search=company%20a`)
    ).json();
    expect(byCompany.meta.total).toBe(2);
    const none = (
      await send(w.eventAdminA, 'GET', `/api/admin/allocation-purchases?exhibitorId=${exhibitor.id}&to=2000-01-01`)
    ).json();
    expect(none.meta.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const inDay = (
      await send(
        w.eventAdminA,
        'GET',
        `/api/admin/allocation-purchases?exhibitorId=${exhibitor.id}&from=${today}&to=${today}`,
      )
    ).json();
    expect(inDay.meta.total).toBe(2);
    expect((await send(w.eventAdminA, 'GET', '/api/admin/allocation-purchases?is_paid=maybe')).statusCode).toBe(400);
  });
});

describe('deciding', () => {
  it('approves with an amount, issues the invoice then and tells the exhibitor and the accountant', async () => {
    const exhibitor = await newExhibitor();
    const created = (await request(exhibitor, pricedCategory, 5)).json().data;
    const tooMany = await approve(created.id, 6);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().details[0].field).toBe('accepted_amount');
    expect((await decide(exhibitor, created.id, { action: 'approve', accepted_amount: 1 })).statusCode).toBe(403);

    // The price is the category's: one sent along is refused, not ignored.
    const priced = await decide(w.eventAdminA, created.id, { action: 'approve', accepted_amount: 3, unitPrice: 1 });
    expect(priced.json().details).toEqual([{ field: 'unitPrice', message: 'Unexpected field' }]);
    const res = await decide(w.eventAdminA, created.id, {
      action: 'approve',
      accepted_amount: 3,
      comment: 'Three is what we have',
    });
    expect(res.statusCode).toBe(200);
    const purchase: AllocationPurchase = res.json().data;
    expect(purchase).toMatchObject({
      status: 'approved',
      accepted_amount: 3,
      amount_to_pay: 3 * PRICE,
      decision_comment: 'Three is what we have',
    });
    expect(purchase.invoice_id).toMatch(new RegExp(`^INV-${YEAR}-\\d{6}$`));
    expect(purchase.invoice).toMatchObject({
      number: purchase.invoice_id,
      billTo: {
        companyName: 'Company A',
        email: exhibitor.email,
        address: '1 Quay Street, Oslo',
        street: null,
        postcode: null,
        city: null,
        vatNumber: 'NO123456789',
      },
    });
    expect(purchase.approvedAt).not.toBeNull();

    const again = await approve(created.id, 3);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This purchase is approved; it can be approved only when requested');
    expect((await decide(w.eventAdminA, created.id, { action: 'reject', comment: 'Late' })).statusCode).toBe(409);

    const mail = (await listEmailsTo(t.db, exhibitor.email)).at(-1)!;
    expect(mail.subject).toContain('Approved');
    expect(mail.textBody).toContain('approved for 3');
    expect(mail.textBody).toContain(purchase.invoice_id!);
    const books = (await listEmailsTo(t.db, 'books@event-a.test')).find((m) =>
      m.subject.startsWith(`Invoice ${purchase.invoice_id}`),
    );
    expect(books!.textBody).toContain('Total amount: $75.00');
    expect(books!.htmlBody).toContain('<h1>Invoice');
    // Both carry the invoice's PDF, queued as a reference and drawn when the mail is sent.
    const invoice: BillingDocument = (
      await send(exhibitor, 'GET', `/api/admin/allocation-purchases/${created.id}/invoice`)
    ).json().data;
    const attached = [{ kind: 'invoice', id: invoice.id, fileName: `${purchase.invoice_id}.pdf`, format: 'pdf' }];
    expect(mail.attachments).toEqual(attached);
    expect(books!.attachments).toEqual(attached);
  });

  it('rejects only with a comment, and a rejected purchase cannot be paid', async () => {
    const exhibitor = await newExhibitor();
    const created = (await request(exhibitor, pricedCategory, 2)).json().data;
    const bare = await decide(w.eventAdminA, created.id, { action: 'reject' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().details[0].field).toBe('comment');
    const res = await decide(w.eventAdminA, created.id, { action: 'reject', comment: 'Sold out' });
    expect(res.json().data).toMatchObject({ status: 'rejected', decision_comment: 'Sold out', invoice_id: null });
    expect((await listEmailsTo(t.db, exhibitor.email)).at(-1)!.subject).toContain('Not approved');

    const pay = await send(exhibitor, 'POST', `/api/admin/allocation-purchases/${created.id}/payment-token`);
    expect(pay.statusCode).toBe(409);
    expect(pay.json().message).toBe('This purchase is rejected; it can be paid only when approved');
    const manual = await send(w.eventAdminA, 'POST', '/api/payments', {
      allocationPurchaseId: created.id,
      reference: 'TRF-REJ',
    });
    expect(manual.statusCode).toBe(409);
    expect((await get(exhibitor, created.id)).json().data.is_paid).toBe(false);
  });

  it('lets the requester withdraw its own request, not approve it', async () => {
    const exhibitor = await newExhibitor();
    const created = (await request(exhibitor, pricedCategory, 1)).json().data;
    expect((await decide(w.exhibitorA, created.id, { action: 'cancel' })).statusCode).toBe(404);
    const res = await decide(exhibitor, created.id, { action: 'cancel', comment: 'Not needed' });
    expect(res.json().data).toMatchObject({ status: 'cancelled', decision_comment: 'Not needed' });
    expect((await decide(exhibitor, created.id, { action: 'cancel' })).statusCode).toBe(409);
  });

  it('grants a free category’s places at approval, with nothing to pay', async () => {
    const exhibitor = await newExhibitor();
    const created = (await request(exhibitor, freeCategory, 3)).json().data;
    const res = await approve(created.id, 2);
    expect(res.json().data).toMatchObject({ status: 'paid', is_paid: true, amount_to_pay: 0 });
    expect(await allocationOf(exhibitor.id, freeCategory)).toMatchObject({ quantity: 2 });
    const mails = await listEmailsTo(t.db, exhibitor.email);
    expect(mails.map((m) => m.purpose)).toEqual(['purchase-approved']);
    expect(mails[0]!.textBody).toContain('Nothing is to be paid');
  });
});

describe('paying', () => {
  it('pays through the sandbox checkout and grows the allocation once, creating it when missing', async () => {
    const exhibitor = await newExhibitor();
    expect(await allocationOf(exhibitor.id, pricedCategory)).toBeUndefined();
    const created = (await request(exhibitor, pricedCategory, 4)).json().data;
    await approve(created.id, 3);
    // The payer's own session opens the status page; the id alone does not.
    expect((await send(null, 'GET', `/api/payment-status/${created.id}`)).statusCode).toBe(404);
    const status = await send(exhibitor, 'GET', `/api/payment-status/${created.id}`);
    expect(status.json()).toEqual({
      data: { status: 'pending', amount: 3 * PRICE, currency: 'USD', eventName: 'Event A' },
    });

    const token = await send(exhibitor, 'POST', `/api/admin/allocation-purchases/${created.id}/payment-token`);
    expect(token.statusCode).toBe(200);
    expect(token.json().data).toMatchObject({ provider: 'sandbox', instructions: null });
    const sessionId = token.json().data.url.replace('/payments/sandbox/', '');
    const session = await send(null, 'GET', `/api/payments/sandbox/${sessionId}`);
    expect(session.json().data).toMatchObject({
      amount: 3 * PRICE,
      currency: 'USD',
      eventName: 'Event A',
      state: 'open',
    });

    const done = await send(null, 'POST', `/api/payments/sandbox/${sessionId}`, { outcome: 'success' });
    const redirectUrl: string = done.json().data.redirectUrl;
    expect(redirectUrl).toMatch(new RegExp(`^/payment-status/${created.id}\\?t=[\\w.-]+$`));
    const link = redirectUrl.slice(redirectUrl.indexOf('?'));
    expect((await send(null, 'POST', `/api/payments/sandbox/${sessionId}`, { outcome: 'success' })).statusCode).toBe(
      409,
    );
    for (let i = 0; i < 3; i++)
      expect(
        (await send(null, 'GET', `/api/webhooks/allocation-purchases/${created.id}/sync-payment${link}`)).json().data
          .status,
      ).toBe('paid');

    const purchase = (await get(exhibitor, created.id)).json().data;
    expect(purchase).toMatchObject({ status: 'paid', is_paid: true, paymentProvider: 'sandbox' });
    expect(await allocationOf(exhibitor.id, pricedCategory)).toMatchObject({ quantity: 3 });
    expect((await listEmailsTo(t.db, exhibitor.email)).at(-1)!.subject).toContain('Payment received');
    expect(
      (await send(w.eventAdminA, 'GET', `/api/admin/allocation-purchases/${created.id}/invoice`)).json().data.status,
    ).toBe('PAID');
    // Paid: cancelling is no longer possible.
    expect((await decide(w.eventAdminA, created.id, { action: 'cancel' })).statusCode).toBe(409);
  });

  it('reports a failed sandbox payment and lets the payer try again', async () => {
    const exhibitor = await newExhibitor();
    const created = (await request(exhibitor, pricedCategory, 1)).json().data;
    await approve(created.id, 1);
    const first = (await send(exhibitor, 'POST', `/api/admin/allocation-purchases/${created.id}/payment-token`)).json()
      .data;
    await send(null, 'POST', `/api/payments/sandbox/${first.url.split('/').pop()}`, { outcome: 'failure' });
    expect((await send(exhibitor, 'GET', `/api/payment-status/${created.id}`)).json().data.status).toBe('failed');
    expect((await get(exhibitor, created.id)).json().data.status).toBe('approved');
    const second = (await send(exhibitor, 'POST', `/api/admin/allocation-purchases/${created.id}/payment-token`)).json()
      .data;
    await send(null, 'POST', `/api/payments/sandbox/${second.url.split('/').pop()}`, { outcome: 'success' });
    expect((await send(exhibitor, 'GET', `/api/payment-status/${created.id}`)).json().data.status).toBe('paid');
  });

  it('shows an abandoned checkout as cancelled to retry, keeps the purchase approved, and a finished checkout closed', async () => {
    const exhibitor = await newExhibitor();
    const created = (await request(exhibitor, pricedCategory, 1)).json().data;
    await approve(created.id, 1);
    const token = (await send(exhibitor, 'POST', `/api/admin/allocation-purchases/${created.id}/payment-token`)).json()
      .data;
    const sessionId = token.url.split('/').pop();
    await send(null, 'POST', `/api/payments/sandbox/${sessionId}`, { outcome: 'abandon' });
    expect((await send(null, 'GET', `/api/payments/sandbox/${sessionId}`)).json().data.state).toBe('abandoned');
    expect((await send(null, 'POST', `/api/payments/sandbox/${sessionId}`, { outcome: 'success' })).statusCode).toBe(
      409,
    );
    expect(
      (await send(exhibitor, 'GET', `/api/webhooks/allocation-purchases/${created.id}/sync-payment`)).json().data
        .status,
    ).toBe('cancelled');
    expect((await get(exhibitor, created.id)).json().data).toMatchObject({ status: 'approved', is_paid: false });
    expect(await allocationOf(exhibitor.id, pricedCategory)).toBeUndefined();
  });

  it('grows a sub-account’s purchase into its own allocation and its exhibitor’s', async () => {
    const exhibitor = await newExhibitor();
    const sub = await t.createUser({
      roles: ['Sub-Account'],
      eventId: w.eventA,
      exhibitorId: exhibitor.id,
      companyId: w.companyA,
    });
    await send(w.eventAdminA, 'PUT', '/api/admin/allocations', {
      adminId: exhibitor.id,
      badgeCategoryId: pricedCategory,
      quantity: 5,
    });
    await paidPurchase(sub, 2);
    expect(await allocationOf(exhibitor.id, pricedCategory)).toMatchObject({ quantity: 7, available: 5 });
    expect(await allocationOf(sub.id, pricedCategory)).toMatchObject({ quantity: 2, available: 2 });
  });

  it('records a bank transfer for organisers only, once per reference', async () => {
    const exhibitor = await newExhibitor();
    const created = (await request(exhibitor, pricedCategory, 2)).json().data;
    await approve(created.id, 2);
    expect(
      (await send(exhibitor, 'POST', '/api/payments', { allocationPurchaseId: created.id, reference: 'TRF-1' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await send(w.eventAdminB, 'POST', '/api/payments', { allocationPurchaseId: created.id, reference: 'TRF-1' }))
        .statusCode,
    ).toBe(404);
    const future = await send(w.eventAdminA, 'POST', '/api/payments', {
      allocationPurchaseId: created.id,
      reference: 'TRF-1',
      paidAt: '2999-01-01T00:00:00Z',
    });
    expect(future.statusCode).toBe(400);
    const res = await send(w.eventAdminA, 'POST', '/api/payments', {
      allocationPurchaseId: created.id,
      reference: 'TRF-1',
      paidAt: '2026-01-05T10:00:00Z',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      status: 'paid',
      paymentProvider: 'manual',
      paymentReference: 'TRF-1',
      paidAt: '2026-01-05T10:00:00.000Z',
    });
    const other = (await request(exhibitor, pricedCategory, 1)).json().data;
    await approve(other.id, 1);
    const duplicate = await send(w.eventAdminA, 'POST', '/api/payments', {
      allocationPurchaseId: other.id,
      reference: 'TRF-1',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().details[0].field).toBe('reference');
    expect(await allocationOf(exhibitor.id, pricedCategory)).toMatchObject({ quantity: 2 });
  });

  it('refunds a payment that arrives after the purchase was cancelled, and tells the organisers', async () => {
    const exhibitor = await newExhibitor();
    const created = (await request(exhibitor, pricedCategory, 2)).json().data;
    await approve(created.id, 2);
    const token = (await send(exhibitor, 'POST', `/api/admin/allocation-purchases/${created.id}/payment-token`)).json()
      .data;
    const sessionId = token.url.split('/').pop();
    expect((await decide(w.eventAdminA, created.id, { action: 'cancel', comment: 'Withdrawn' })).statusCode).toBe(200);

    await send(null, 'POST', `/api/payments/sandbox/${sessionId}`, { outcome: 'success' });
    const purchase = (await get(exhibitor, created.id)).json().data;
    expect(purchase).toMatchObject({ status: 'cancelled', is_paid: false });
    expect(await allocationOf(exhibitor.id, pricedCategory)).toBeUndefined();
    const [session] = await t.db.select().from(sandboxSessions).where(eq(sandboxSessions.id, sessionId));
    expect(session!.refundedCents).toBe(2 * PRICE);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'allocation_purchase'), eq(auditLog.entityId, String(created.id))));
    expect(audit.map((a) => a.action)).toContain('late_payment_refunded');
    const warning = (await listEmailsTo(t.db, w.eventAdminA.email)).at(-1)!;
    expect(warning.subject).toContain('Payment for a cancelled purchase');
    expect(warning.textBody).toContain('refunded automatically');
    expect((await send(exhibitor, 'GET', `/api/payment-status/${created.id}`)).json().data.status).toBe('cancelled');
  });

  it('answers the public status with status, amount, currency and event name only', async () => {
    const created = (await request(w.exhibitorA, pricedCategory, 1)).json().data;
    const res = await send(w.exhibitorA, 'GET', `/api/payment-status/${created.id}`);
    expect(Object.keys(res.json().data).sort()).toEqual(['amount', 'currency', 'eventName', 'status']);
    expect((await send(null, 'GET', '/api/payment-status/99999999')).statusCode).toBe(404);
    expect((await send(null, 'GET', '/api/payments/sandbox/not-a-session-id-at-all')).statusCode).toBe(404);
    expect((await send(null, 'GET', '/api/payments/sandbox/bad')).statusCode).toBe(400);
  });
});

describe('refunds and credit notes', () => {
  it('refunds in part then in full, taking back unused places, with numbered credit notes', async () => {
    const exhibitor = await newExhibitor();
    const purchase = await paidPurchase(exhibitor, 4);
    expect(await allocationOf(exhibitor.id, pricedCategory)).toMatchObject({ quantity: 4 });
    const url = `/api/admin/allocation-purchases/${purchase.id}/refunds`;
    expect((await send(exhibitor, 'POST', url, { amount: 100, reason: 'Mine' })).statusCode).toBe(403);
    expect((await send(w.eventAdminB, 'POST', url, { amount: 100, reason: 'Other event' })).statusCode).toBe(404);
    const tooMuch = await send(w.eventAdminA, 'POST', url, { amount: 4 * PRICE + 1, reason: 'Too much' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().message).toBe('At most $100.00 of this purchase can still be refunded');

    // Two badges registered: only two places are free.
    for (const name of ['One', 'Two']) {
      const badge = await send(exhibitor, 'POST', '/api/admin/exhibitor-users', {
        firstName: name,
        lastName: 'Guest',
        email: `${name.toLowerCase()}-${purchase.id}@refund.example`,
        badgeCategoryId: pricedCategory,
      });
      expect(badge.statusCode).toBe(201);
    }
    const partial = await send(w.eventAdminA, 'POST', url, { amount: 2 * PRICE, reason: 'Two fewer people' });
    expect(partial.statusCode).toBe(200);
    expect(partial.json().data).toMatchObject({
      status: 'partially_refunded',
      refunded_amount: 2 * PRICE,
      is_paid: true,
    });
    const [note] = partial.json().data.creditNotes;
    expect(note).toMatchObject({ amount: 2 * PRICE, reason: 'Two fewer people', invoiceNumber: purchase.invoice_id });
    expect(note.number).toMatch(new RegExp(`^CN-${YEAR}-\\d{6}$`));
    expect(await allocationOf(exhibitor.id, pricedCategory)).toMatchObject({ quantity: 2, used: 2 });

    const blocked = await send(w.eventAdminA, 'POST', url, { amount: 2 * PRICE, reason: 'The rest' });
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json().message).toBe(
      'This refund takes back 2 places but only 0 are unused: 2 badges must be cancelled first',
    );
    expect((await get(w.eventAdminA, purchase.id)).json().data.refunded_amount).toBe(2 * PRICE);

    const document: BillingDocument = (await send(exhibitor, 'GET', `/api/admin/credit-notes/${note.id}`)).json().data;
    expect(document).toMatchObject({
      kind: 'credit_note',
      number: note.number,
      creditedInvoiceNumber: purchase.invoice_id,
      totalAmount: 2 * PRICE,
      status: 'CREDITED',
      lines: [{ quantity: 2, unitPrice: PRICE, total: 2 * PRICE }],
      billTo: { companyName: 'Company A' },
    });
    expect((await send(w.exhibitorB, 'GET', `/api/admin/credit-notes/${note.id}`)).statusCode).toBe(404);
    expect((await send(w.eventAdminB, 'GET', `/api/admin/credit-notes/${note.id}`)).statusCode).toBe(404);
    expect(
      (await listEmailsTo(t.db, 'books@event-a.test')).some((m) => m.subject.startsWith(`Credit note ${note.number}`)),
    ).toBe(true);
    // The exhibitor receives the credit note itself with the news of the refund.
    const refundMail = (await listEmailsTo(t.db, exhibitor.email)).find((m) => m.purpose === 'purchase-refunded')!;
    expect(refundMail.textBody).toContain(`$50.00 of invoice ${purchase.invoice_id} is refunded (credit note ${note.number}).`);
    expect(refundMail.textBody).toContain(`Credit note ${note.number}`);
    expect(refundMail.textBody).toContain('Total amount: $50.00');
    const attached = [{ kind: 'credit_note', id: note.id, fileName: `${note.number}.pdf`, format: 'pdf' }];
    expect(refundMail.attachments).toEqual(attached);
    const copy = (await listEmailsTo(t.db, 'books@event-a.test')).find((m) => m.subject.startsWith(`Credit note ${note.number}`));
    expect(copy!.attachments).toEqual(attached);
  });

  it('refuses refunding a purchase that is not paid', async () => {
    const created = (await request(w.exhibitorA, pricedCategory, 1)).json().data;
    await approve(created.id, 1);
    const res = await send(w.eventAdminA, 'POST', `/api/admin/allocation-purchases/${created.id}/refunds`, {
      amount: 100,
      reason: 'No',
    });
    expect(res.statusCode).toBe(409);
  });

  it('corrects an invoice with a credit note and a new invoice, never by editing it', async () => {
    const exhibitor = await newExhibitor();
    const purchase = await paidPurchase(exhibitor, 2);
    const before: BillingDocument = (
      await send(exhibitor, 'GET', `/api/admin/allocation-purchases/${purchase.id}/invoice`)
    ).json().data;
    await t.db.update(companies).set({ address: '2 New Road, Bergen' }).where(eq(companies.id, w.companyA));
    try {
      expect(
        (await send(exhibitor, 'POST', `/api/admin/allocation-purchases/${purchase.id}/reissue-invoice`, {}))
          .statusCode,
      ).toBe(403);
      const res = await send(w.eventAdminA, 'POST', `/api/admin/allocation-purchases/${purchase.id}/reissue-invoice`, {
        reason: 'New address',
      });
      expect(res.statusCode).toBe(200);
      const after: AllocationPurchase = res.json().data;
      expect(after.invoice_id).not.toBe(before.number);
      expect(after.invoice!.billTo.address).toBe('2 New Road, Bergen');
      expect(after.creditNotes.at(-1)).toMatchObject({
        amount: 2 * PRICE,
        invoiceNumber: before.number,
        reason: 'New address',
      });

      const all: BillingDocument[] = (await send(w.eventAdminA, 'GET', `/api/admin/events/${w.eventA}/invoices`)).json()
        .data;
      const old = all.find((d) => d.kind === 'invoice' && d.number === before.number)!;
      expect(old.billTo.address).toBe('1 Quay Street, Oslo');
      expect(old.cancelledByCreditNoteNumber).toBe(after.creditNotes.at(-1)!.number);
      expect(old.lines).toEqual(before.lines);
      const numbers = all.filter((d) => d.kind === 'invoice').map((d) => Number(d.number.slice(-6)));
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
      const own: BillingDocument[] = (await send(exhibitor, 'GET', `/api/admin/events/${w.eventA}/invoices`)).json()
        .data;
      expect(new Set(own.map((d) => d.allocationPurchaseId))).toEqual(new Set([purchase.id]));
      expect((await send(w.eventAdminB, 'GET', `/api/admin/events/${w.eventA}/invoices`)).statusCode).toBe(404);
    } finally {
      await t.db.update(companies).set({ address: '1 Quay Street, Oslo' }).where(eq(companies.id, w.companyA));
    }
  });
});

describe('documents after refunds, cancellations and reissues', () => {
  const reissue = (id: number) =>
    send(w.eventAdminA, 'POST', `/api/admin/allocation-purchases/${id}/reissue-invoice`, { reason: 'New address' });
  const documents = async (): Promise<BillingDocument[]> =>
    (await send(w.eventAdminA, 'GET', `/api/admin/events/${w.eventA}/invoices`)).json().data;

  it('reissues after a partial refund only what was not refunded, and credits no invoice beyond its total', async () => {
    const exhibitor = await newExhibitor();
    const purchase = await paidPurchase(exhibitor, 4);
    const refunds = `/api/admin/allocation-purchases/${purchase.id}/refunds`;
    expect((await send(w.eventAdminA, 'POST', refunds, { amount: PRICE, reason: 'One fewer' })).statusCode).toBe(200);

    const res = await reissue(purchase.id);
    expect(res.statusCode).toBe(200);
    const after: AllocationPurchase = res.json().data;
    // The old invoice: refunded 1 place, then the 3 left cancelled; never more than its 4 places.
    const onOld = after.creditNotes.filter((note) => note.invoiceNumber === purchase.invoice_id);
    expect(onOld.map((note) => note.amount)).toEqual([PRICE, 3 * PRICE]);
    expect(after.invoice).toMatchObject({ totalAmount: 3 * PRICE, remainingAmount: 3 * PRICE });
    const replacement: BillingDocument = (
      await send(exhibitor, 'GET', `/api/admin/allocation-purchases/${purchase.id}/invoice`)
    ).json().data;
    expect(replacement).toMatchObject({
      number: after.invoice_id,
      status: 'PAID',
      totalAmount: 3 * PRICE,
      lines: [{ quantity: 3, unitPrice: PRICE, total: 3 * PRICE }],
      notes: `Replaces invoice ${purchase.invoice_id}`,
    });
    const old = (await documents()).find((d) => d.number === purchase.invoice_id)!;
    expect(old).toMatchObject({
      status: 'CANCELLED',
      cancelledByCreditNoteNumber: onOld[1]!.number,
      replacedByInvoiceNumber: after.invoice_id,
    });
    // The exhibitor receives the corrected invoice.
    const mail = (await listEmailsTo(t.db, exhibitor.email)).find((m) => m.purpose === 'purchase-invoice-reissued')!;
    expect(mail.textBody).toContain(
      `Invoice ${purchase.invoice_id} is replaced by invoice ${after.invoice_id}; credit note ${onOld[1]!.number} cancels the old one.`,
    );
    expect(mail.textBody).toContain(`Total amount: $${((3 * PRICE) / 100).toFixed(2)}`);
    // It holds no secret: the outbox shows the organiser its text.
    const outbox = (await send(w.eventAdminA, 'GET', `/api/admin/email-outbox?purpose=purchase-invoice-reissued&search=${encodeURIComponent(exhibitor.email)}`)).json().data;
    expect(outbox[0].textBody).toContain(`is replaced by invoice ${after.invoice_id}`);
    expect(mail.attachments).toEqual([{ kind: 'invoice', id: replacement.id, fileName: `${after.invoice_id}.pdf`, format: 'pdf' }]);

    // The rest refunded against the new invoice: nothing remains, so nothing can be reissued.
    expect((await send(w.eventAdminA, 'POST', refunds, { amount: 3 * PRICE, reason: 'All' })).statusCode).toBe(200);
    const refunded: AllocationPurchase = (await get(w.eventAdminA, purchase.id)).json().data;
    expect(refunded.invoice).toMatchObject({ totalAmount: 3 * PRICE, remainingAmount: 0 });
    const refused = await reissue(purchase.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `Credit notes have taken back all of invoice ${refunded.invoice_id}; there is nothing left to reissue`,
    );
    expect((await get(w.eventAdminA, purchase.id)).json().data.creditNotes).toHaveLength(3);
    const credited = (await documents())
      .filter((d) => d.kind === 'credit_note')
      .reduce<Record<string, number>>((sums, d) => ({ ...sums, [d.creditedInvoiceNumber!]: (sums[d.creditedInvoiceNumber!] ?? 0) + d.totalAmount }), {});
    expect(credited[purchase.invoice_id!]).toBe(4 * PRICE);
    expect(credited[refunded.invoice_id!]).toBe(3 * PRICE);
  });

  it('shows a cancelled purchase’s invoice as CANCELLED with its credit note, replaced by nothing', async () => {
    const exhibitor = await newExhibitor();
    const created = (await request(exhibitor, pricedCategory, 2)).json().data;
    await approve(created.id, 2);
    expect((await decide(exhibitor, created.id, { action: 'cancel' })).statusCode).toBe(200);
    const cancelled: AllocationPurchase = (await get(exhibitor, created.id)).json().data;
    expect(cancelled.invoice).toMatchObject({ totalAmount: 2 * PRICE, remainingAmount: 0 });
    const invoice: BillingDocument = (
      await send(exhibitor, 'GET', `/api/admin/allocation-purchases/${created.id}/invoice`)
    ).json().data;
    expect(invoice).toMatchObject({
      status: 'CANCELLED',
      cancelledByCreditNoteNumber: cancelled.creditNotes[0]!.number,
      replacedByInvoiceNumber: null,
    });
    expect((await documents()).find((d) => d.number === cancelled.invoice_id)).toMatchObject({ status: 'CANCELLED' });
    expect((await reissue(created.id)).statusCode).toBe(409);
    // The organiser hears of it; the organiser of another event does not.
    const notice = (await listEmailsTo(t.db, w.eventAdminA.email)).find(
      (m) => m.purpose === 'purchase-cancelled' && m.textBody.includes(`purchase #${created.id} `),
    );
    expect(notice?.textBody).toContain(`Invoice ${cancelled.invoice_id} is cancelled by credit note ${cancelled.creditNotes[0]!.number}.`);
    expect((await listEmailsTo(t.db, w.eventAdminB.email)).some((m) => m.purpose === 'purchase-cancelled')).toBe(false);
  });
});

describe('invoice document', () => {
  it('is the frozen copy with the figures of spec §3', async () => {
    const exhibitor = await newExhibitor();
    const created = (await request(exhibitor, pricedCategory, 5)).json().data;
    expect((await send(exhibitor, 'GET', `/api/admin/allocation-purchases/${created.id}/invoice`)).statusCode).toBe(
      404,
    );
    await approve(created.id, 2);
    await t.db.update(badgeCategories).set({ unitPriceCents: 9999 }).where(eq(badgeCategories.id, pricedCategory));
    try {
      const document: BillingDocument = (
        await send(exhibitor, 'GET', `/api/admin/allocation-purchases/${created.id}/invoice`)
      ).json().data;
      expect(document).toMatchObject({
        kind: 'invoice',
        eventName: 'Event A',
        billTo: { companyName: 'Company A', contactName: expect.stringContaining('Test'), email: exhibitor.email },
        lines: [{ description: 'Badge Allocation: Exhibitor staff', quantity: 2, unitPrice: PRICE, total: 2 * PRICE }],
        totalAmount: 2 * PRICE,
        currency: 'USD',
        status: 'PENDING',
      });
      expect(
        (await send(w.exhibitorB, 'GET', `/api/admin/allocation-purchases/${created.id}/invoice`)).statusCode,
      ).toBe(404);
    } finally {
      await t.db.update(badgeCategories).set({ unitPriceCents: PRICE }).where(eq(badgeCategories.id, pricedCategory));
    }
  });
});

describe('categories with purchases', () => {
  it('are kept: deleting one answers 409 naming the purchases', async () => {
    const [category] = await t.db
      .insert(badgeCategories)
      .values({ eventId: w.eventA, name: 'Catering crew', badgeType: 'contractor', unitPriceCents: 100 })
      .returning({ id: badgeCategories.id });
    await request(w.exhibitorA, category!.id, 1);
    const res = await t.request(w.eventAdminA, {
      method: 'DELETE',
      url: `/api/admin/badge-categories/${category!.id}`,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('1 purchase(s)');
  });
});

describe('dashboard', () => {
  it('counts the requests awaiting a decision in scope', async () => {
    const summary = async (as: TestUser) =>
      (await send(as, 'GET', '/api/dashboard/summary')).json().data.stats.pendingPurchases;
    const before = await summary(w.eventAdminA);
    const created = (await request(w.exhibitorA, pricedCategory, 1)).json().data;
    expect(await summary(w.eventAdminA)).toBe(before + 1);
    expect(await summary(w.eventAdminB)).toBe(0);
    await decide(w.eventAdminA, created.id, { action: 'reject', comment: 'No' });
    expect(await summary(w.eventAdminA)).toBe(before);
  });
});
