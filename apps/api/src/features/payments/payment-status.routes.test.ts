import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeCategories } from '../../db/schema/badges';
import { createTestApp, createWorld, TEST_SECRET, type TestApp, type TestUser, type World } from '../../test/harness';
import { createPaymentStatusLinks } from './payment-links';

const PRICE = 3000;
const LIMIT = 60;
let t: TestApp;
let w: World;
let addresses = 0;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://portal.test', PAYMENT_STATUS_MAX_PER_ADDRESS: LIMIT });
  w = await createWorld(t);
  await t.db.update(badgeCategories).set({ unitPriceCents: PRICE }).where(eq(badgeCategories.id, w.categoryA));
  await t.db.update(badgeCategories).set({ unitPriceCents: PRICE }).where(eq(badgeCategories.id, w.categoryB));
});
afterAll(() => t.close());

/** Each test calls from an address of its own, so that the per-address limit is its own too. */
const newAddress = () => `203.0.113.${++addresses}`;

function call(url: string, options: { as?: TestUser | null; from: string; headers?: Record<string, string> }) {
  return t.app.inject({
    method: 'GET',
    url,
    remoteAddress: options.from,
    headers: { ...options.headers, ...(options.as ? { authorization: `Bearer ${options.as.token}` } : {}) },
  });
}
const statusUrl = (id: number, query = '') => `/api/payment-status/${id}${query}`;
const syncUrl = (id: number, query = '') => `/api/webhooks/allocation-purchases/${id}/sync-payment${query}`;

/** A purchase of `exhibitor`'s event, approved, whose sandbox checkout the payer left: its status link. */
async function abandonedCheckout(exhibitor: TestUser, category: number, admin: TestUser) {
  const created = await t.request(exhibitor, {
    method: 'POST',
    url: '/api/admin/allocation-purchases',
    payload: { badgeCategoryId: category, quantity: 2 },
  });
  const id: number = created.json().data.id;
  await t.request(admin, {
    method: 'PUT',
    url: `/api/admin/allocation-purchases/${id}`,
    payload: { action: 'approve', accepted_amount: 2 },
  });
  const token = await t.request(exhibitor, { method: 'POST', url: `/api/admin/allocation-purchases/${id}/payment-token` });
  const done = await t.request(null, {
    method: 'POST',
    url: `/api/payments/sandbox/${token.json().data.url.split('/').pop()}`,
    payload: { outcome: 'abandon' },
  });
  const redirectUrl: string = done.json().data.redirectUrl;
  return { id, query: redirectUrl.slice(redirectUrl.indexOf('?')) };
}

describe('the public payment status', () => {
  it('answers 404 to every id without the link’s token, for both tenants’ purchases', async () => {
    const a = await abandonedCheckout(w.exhibitorA, w.categoryA, w.eventAdminA);
    const b = await abandonedCheckout(w.exhibitorB, w.categoryB, w.eventAdminB);
    const from = newAddress();
    const highest = Math.max(a.id, b.id) + 3;
    for (let id = 1; id <= highest; id++) {
      for (const url of [statusUrl(id), syncUrl(id), statusUrl(id, '?t=1'), syncUrl(id, '?t=')]) {
        const res = await call(url, { from });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain('Event');
      }
    }
  });

  it('opens with the token of the provider’s return link, and only for its own purchase', async () => {
    const a = await abandonedCheckout(w.exhibitorA, w.categoryA, w.eventAdminA);
    const b = await abandonedCheckout(w.exhibitorB, w.categoryB, w.eventAdminB);
    const from = newAddress();
    // The checkout was abandoned: a payment not completed, which the page offers to start again.
    for (const url of [statusUrl(a.id, a.query), syncUrl(a.id, a.query)]) {
      const res = await call(url, { from });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ status: 'cancelled', amount: 2 * PRICE, currency: 'USD', eventName: 'Event A' });
    }
    expect((await call(statusUrl(b.id, b.query), { from })).json().data.eventName).toBe('Event B');
    // A's token does not open B, nor B's A.
    expect((await call(statusUrl(b.id, a.query), { from })).statusCode).toBe(404);
    expect((await call(syncUrl(a.id, b.query), { from })).statusCode).toBe(404);
  });

  it('refuses an expired, a forged and a foreign-secret token alike', async () => {
    const a = await abandonedCheckout(w.exhibitorA, w.categoryA, w.eventAdminA);
    const from = newAddress();
    const yesterday = () => Date.now() - 48 * 3600 * 1000;
    const expired = createPaymentStatusLinks(TEST_SECRET, 3600, yesterday).sign(a.id);
    const foreign = createPaymentStatusLinks('another-secret-of-at-least-thirty-two-chars', 3600).sign(a.id);
    const good = decodeURIComponent(a.query.slice(3));
    const [expiry, mac] = good.split('.') as [string, string];
    const forged = `${expiry}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`;
    const later = `${(parseInt(expiry, 36) + 3600).toString(36)}.${mac}`;
    expect((await call(statusUrl(a.id, `?t=${good}`), { from })).statusCode).toBe(200);
    for (const token of [expired, foreign, forged, later, `${expiry}.`, mac]) {
      for (const url of [statusUrl(a.id, `?t=${encodeURIComponent(token)}`), syncUrl(a.id, `?t=${encodeURIComponent(token)}`)])
        expect((await call(url, { from })).statusCode, token).toBe(404);
    }
  });

  it('opens for a signed-in user who may see the purchase, and for no one else', async () => {
    const a = await abandonedCheckout(w.exhibitorA, w.categoryA, w.eventAdminA);
    const from = newAddress();
    for (const as of [w.exhibitorA, w.eventAdminA, w.systemAdmin]) {
      const res = await call(syncUrl(a.id), { as, from });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.status).toBe('cancelled');
    }
    for (const as of [w.exhibitorB, w.eventAdminB, w.noRole])
      expect((await call(statusUrl(a.id), { as, from })).statusCode).toBe(404);
    // A session that ran out is told so (the web app refreshes and asks again); it learns nothing of the id.
    const stale = { authorization: 'Bearer not-a-valid-access-token' };
    expect((await call(statusUrl(a.id), { from, headers: stale })).statusCode).toBe(401);
    expect((await call(statusUrl(999_999), { from, headers: stale })).statusCode).toBe(401);
  });

  it('limits both calls together per address: 429 past the limit, other addresses unaffected', async () => {
    const a = await abandonedCheckout(w.exhibitorA, w.categoryA, w.eventAdminA);
    const from = newAddress();
    for (let i = 0; i < LIMIT; i++) {
      const res = await call(i % 2 ? statusUrl(a.id, a.query) : syncUrl(a.id, a.query), { from });
      expect(res.statusCode).toBe(200);
    }
    for (const url of [statusUrl(a.id, a.query), syncUrl(a.id, a.query), statusUrl(424242)]) {
      const limited = await call(url, { from });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await call(statusUrl(a.id, a.query), { from: newAddress() })).statusCode).toBe(200);
  }, 120_000);
});
