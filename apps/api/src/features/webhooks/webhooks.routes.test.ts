import { SYSTEM_ROLE_NAMES } from '@portal/shared/roles';
import type { WebhookEndpointWithSecret } from '@portal/shared/webhooks';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { badgeCategories, badges } from '../../db/schema/badges';
import { createCheckInList, pairTestDevice } from '../check-in/check-in-fixtures';
import { companies } from '../../db/schema/companies';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/webhooks';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';

let t: TestApp;
let w: World;
/** A second exhibitor of event A: its endpoint must never hear of exhibitor A's records. */
let neighbour: TestUser;

// Public addresses written as IP literals, so no test asks DNS.
const PUBLIC_URL = 'https://93.184.216.34/hooks/portal';

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  await t.db.update(badgeCategories).set({ unitPriceCents: 2500 }).where(eq(badgeCategories.id, w.categoryA));
  const [company] = await t.db
    .insert(companies)
    .values({ name: 'Neighbour Ltd', eventId: w.eventA })
    .returning({ id: companies.id });
  neighbour = await t.createUser({ roles: [SYSTEM_ROLE_NAMES.exhibitor], eventId: w.eventA, companyId: company!.id });
});
afterAll(() => t.close());

const eventUrl = (eventId: number) => `/api/admin/events/${eventId}/webhooks`;
const body = (overrides: object = {}) => ({
  url: PUBLIC_URL,
  description: 'CRM',
  eventTypes: ['purchase.requested', 'badge.created'],
  ...overrides,
});
async function createEndpoint(
  as: TestUser,
  eventId: number,
  overrides: object = {},
): Promise<WebhookEndpointWithSecret> {
  const res = await t.request(as, { method: 'POST', url: eventUrl(eventId), payload: body(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const endpointCount = async () => (await t.db.select({ id: webhookEndpoints.id }).from(webhookEndpoints)).length;

describe('webhook endpoints', () => {
  it('creates an endpoint with a Standard Webhooks secret, shown on create and read, never in the list', async () => {
    const created = await createEndpoint(w.eventAdminA, w.eventA);
    expect(created).toMatchObject({
      eventId: w.eventA,
      exhibitorId: null,
      url: PUBLIC_URL,
      enabled: true,
      eventTypes: ['purchase.requested', 'badge.created'],
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const list = await t.request(w.eventAdminA, { method: 'GET', url: eventUrl(w.eventA) });
    expect(list.json().data.map((e: { id: number }) => e.id)).toContain(created.id);
    expect(list.json().data[0]).not.toHaveProperty('secret');
    const read = await t.request(w.eventAdminA, { method: 'GET', url: `/api/admin/webhooks/${created.id}` });
    expect(read.json().data.secret).toBe(created.secret);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'webhook_endpoint'), eq(auditLog.entityId, String(created.id))));
    expect(audit!.after).not.toHaveProperty('secret');
  });

  it('refuses internal addresses, plain http and bad input with 400 naming the field, and saves nothing', async () => {
    const before = await endpointCount();
    for (const url of [
      'https://127.0.0.1/x',
      'https://10.1.2.3/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/x',
      'https://[fd00::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://0.0.0.0/x',
      'http://93.184.216.34/x',
      'ftp://93.184.216.34/x',
      'https://user:pw@93.184.216.34/x',
    ]) {
      const res = await t.request(w.eventAdminA, { method: 'POST', url: eventUrl(w.eventA), payload: body({ url }) });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().details[0].field, url).toBe('url');
    }
    const noTypes = await t.request(w.eventAdminA, {
      method: 'POST',
      url: eventUrl(w.eventA),
      payload: body({ eventTypes: [] }),
    });
    expect(noTypes.json().details[0].field).toBe('eventTypes');
    const unknownType = await t.request(w.eventAdminA, {
      method: 'POST',
      url: eventUrl(w.eventA),
      payload: body({ eventTypes: ['badge.eaten'] }),
    });
    expect(unknownType.statusCode).toBe(400);
    expect(await endpointCount()).toBe(before);
  });

  it('updates, turns off and on (a fresh failure count), rotates the secret keeping the old one a day, and deletes', async () => {
    const created = await createEndpoint(w.exhibitorA, w.eventA);
    expect(created.exhibitorId).toBe(w.exhibitorA.id);
    await t.db
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: 'Turned off after 20 failed attempts in a row', consecutiveFailures: 20 })
      .where(eq(webhookEndpoints.id, created.id));
    const url = `/api/admin/webhooks/${created.id}`;
    const updated = await t.request(w.exhibitorA, {
      method: 'PUT',
      url,
      payload: body({ description: 'Sales', eventTypes: ['purchase.paid'], enabled: true }),
    });
    expect(updated.json().data).toMatchObject({
      description: 'Sales',
      eventTypes: ['purchase.paid'],
      enabled: true,
      disabledReason: null,
      consecutiveFailures: 0,
    });
    const refused = await t.request(w.exhibitorA, {
      method: 'PUT',
      url,
      payload: body({ url: 'https://192.168.1.10/hook' }),
    });
    expect(refused.statusCode).toBe(400);
    expect((await t.request(w.exhibitorA, { method: 'GET', url })).json().data.url).toBe(PUBLIC_URL);

    const rotated = (await t.request(w.exhibitorA, { method: 'POST', url: `${url}/rotate-secret` })).json().data;
    expect(rotated.secret).not.toBe(created.secret);
    const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    expect(row!.previousSecret).toBe(created.secret);
    const hoursLeft = (row!.previousSecretExpiresAt!.getTime() - Date.now()) / 3600_000;
    expect(hoursLeft).toBeGreaterThan(23.9);
    expect(hoursLeft).toBeLessThanOrEqual(24);

    expect((await t.request(w.exhibitorA, { method: 'DELETE', url })).statusCode).toBe(204);
    expect((await t.request(w.exhibitorA, { method: 'GET', url })).statusCode).toBe(404);
  });

  it('queues a test message and redelivers one, listed in the delivery log with status and time', async () => {
    const created = await createEndpoint(w.eventAdminA, w.eventA);
    const test = await t.request(w.eventAdminA, { method: 'POST', url: `/api/admin/webhooks/${created.id}/test` });
    expect(test.statusCode).toBe(202);
    expect(test.json().data).toMatchObject({ eventType: 'webhook.test', status: 'pending', attempts: 0 });
    const deliveryId = test.json().data.id as number;
    await t.db
      .update(webhookDeliveries)
      .set({ status: 'failed', attempts: 8, lastStatusCode: 503, lastDurationMs: 42 })
      .where(eq(webhookDeliveries.id, deliveryId));
    const log = await t.request(w.eventAdminA, {
      method: 'GET',
      url: `/api/admin/webhooks/${created.id}/deliveries?status=failed`,
    });
    expect(log.json().data).toEqual([
      expect.objectContaining({ id: deliveryId, status: 'failed', lastStatusCode: 503, lastDurationMs: 42 }),
    ]);
    expect(log.json().meta).toMatchObject({ total: 1, page: 1 });
    const again = await t.request(w.eventAdminA, {
      method: 'POST',
      url: `/api/admin/webhook-deliveries/${deliveryId}/redeliver`,
    });
    expect(again.json().data).toMatchObject({
      id: deliveryId,
      status: 'pending',
      attempts: 0,
      messageId: test.json().data.messageId,
    });
  });

  it('lets each caller reach only its own endpoints: another event’s, the organiser’s or another exhibitor’s are not found', async () => {
    const organisers = await createEndpoint(w.eventAdminA, w.eventA);
    const exhibitors = await createEndpoint(w.exhibitorA, w.eventA);
    const test = (
      await t.request(w.exhibitorA, { method: 'POST', url: `/api/admin/webhooks/${exhibitors.id}/test` })
    ).json().data;
    const cases: [TestUser, number][] = [
      [w.eventAdminB, organisers.id],
      [w.exhibitorA, organisers.id],
      [w.eventAdminA, exhibitors.id],
      [neighbour, exhibitors.id],
      [w.exhibitorB, exhibitors.id],
    ];
    for (const [as, id] of cases) {
      for (const [method, suffix] of [
        ['GET', ''],
        ['PUT', ''],
        ['DELETE', ''],
        ['POST', '/rotate-secret'],
        ['POST', '/test'],
        ['GET', '/deliveries'],
      ] as const) {
        const res = await t.request(as, {
          method,
          url: `/api/admin/webhooks/${id}${suffix}`,
          payload: method === 'PUT' ? body() : undefined,
        });
        expect(res.statusCode, `${method} ${suffix} by ${as.email}`).toBe(404);
      }
    }
    expect(
      (await t.request(neighbour, { method: 'POST', url: `/api/admin/webhook-deliveries/${test.id}/redeliver` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.request(w.eventAdminA, { method: 'POST', url: `/api/admin/webhook-deliveries/${test.id}/redeliver` }))
        .statusCode,
    ).toBe(404);
    // Another event's list: not found; the neighbour's list does not show exhibitor A's endpoint.
    expect((await t.request(w.eventAdminA, { method: 'GET', url: eventUrl(w.eventB) })).statusCode).toBe(404);
    expect(
      (await t.request(w.exhibitorA, { method: 'POST', url: eventUrl(w.eventB), payload: body() })).statusCode,
    ).toBe(404);
    const neighbours = (await t.request(neighbour, { method: 'GET', url: eventUrl(w.eventA) })).json().data;
    expect(neighbours.map((e: { id: number }) => e.id)).not.toContain(exhibitors.id);
    const organisersList = (await t.request(w.eventAdminA, { method: 'GET', url: eventUrl(w.eventA) })).json().data;
    expect(organisersList.every((e: { exhibitorId: number | null }) => e.exhibitorId === null)).toBe(true);
  });

  it('refuses callers without manage_webhooks (a sub-account, a VIP admin, no role) with 403', async () => {
    const created = await createEndpoint(w.eventAdminA, w.eventA);
    for (const as of [w.subAccountA, w.vipAdminA, w.noRole]) {
      expect((await t.request(as, { method: 'GET', url: eventUrl(w.eventA) })).statusCode).toBe(403);
      expect((await t.request(as, { method: 'POST', url: eventUrl(w.eventA), payload: body() })).statusCode).toBe(403);
      expect((await t.request(as, { method: 'DELETE', url: `/api/admin/webhooks/${created.id}` })).statusCode).toBe(
        403,
      );
    }
    expect(
      (await t.request(w.eventAdminA, { method: 'GET', url: `/api/admin/webhooks/${created.id}` })).statusCode,
    ).toBe(200);
  });
});

describe('webhook messages of a change', () => {
  it('queues a purchase request to the organiser’s and the buying exhibitor’s endpoints, never to another exhibitor’s or event’s', async () => {
    await t.db.delete(webhookEndpoints);
    const subscribed = { eventTypes: ['purchase.requested'] };
    const organiser = await createEndpoint(w.eventAdminA, w.eventA, subscribed);
    const own = await createEndpoint(w.exhibitorA, w.eventA, subscribed);
    const other = await createEndpoint(neighbour, w.eventA, subscribed);
    const otherEvent = await createEndpoint(w.eventAdminB, w.eventB, subscribed);
    const unsubscribed = await createEndpoint(w.eventAdminA, w.eventA, { eventTypes: ['badge.created'] });
    const off = await createEndpoint(w.eventAdminA, w.eventA, { ...subscribed, enabled: false });

    const res = await t.request(w.exhibitorA, {
      method: 'POST',
      url: '/api/admin/allocation-purchases',
      payload: { badgeCategoryId: w.categoryA, quantity: 2 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const purchaseId = res.json().data.id;

    const queued = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventType, 'purchase.requested'));
    expect(queued.map((d) => d.endpointId).sort()).toEqual([organiser.id, own.id].sort());
    for (const id of [other.id, otherEvent.id, unsubscribed.id, off.id])
      expect(queued.some((d) => d.endpointId === id)).toBe(false);
    expect(queued[0]!.payload).toMatchObject({
      type: 'purchase.requested',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      data: { id: purchaseId, eventId: w.eventA, exhibitorId: w.exhibitorA.id, quantity: 2 },
    });
    // One message per endpoint, each with its own id.
    expect(new Set(queued.map((d) => d.messageId)).size).toBe(2);
  });

  it('queues a door’s admitted scan to the organiser and the badge’s exhibitor, a lead only to its exhibitor, in the write’s own statement', async () => {
    await t.db.delete(webhookEndpoints);
    const types = { eventTypes: ['check_in.created', 'lead.created'] };
    const organiser = await createEndpoint(w.eventAdminA, w.eventA, types);
    const own = await createEndpoint(w.exhibitorA, w.eventA, types);
    const other = await createEndpoint(neighbour, w.eventA, types);
    const [badge] = await t.db.select({ code: badges.code }).from(badges).where(eq(badges.id, w.badgeA));
    const listId = await createCheckInList(t, w.eventA);
    const device = await pairTestDevice(t, { eventId: w.eventA, listIds: [listId], role: 'steward' });
    const scan = (code: string, nonce: string) => ({ code, listId, nonce, scannedAt: new Date().toISOString() });
    const admitted = await t.request(device, {
      method: 'POST',
      url: '/api/check-in/redeem',
      payload: scan(badge!.code, 'door-nonce-0001'),
    });
    expect(admitted.json().data.result).toBe('admitted');
    // A refused scan is logged but is no check-in.
    await t.request(device, {
      method: 'POST',
      url: '/api/check-in/redeem',
      payload: scan('NO-SUCH-CODE', 'door-nonce-0002'),
    });
    const checkIns = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventType, 'check_in.created'));
    expect(checkIns.map((d) => d.endpointId).sort()).toEqual([organiser.id, own.id].sort());
    expect(checkIns[0]!.payload).toMatchObject({
      type: 'check_in.created',
      data: {
        id: admitted.json().data.checkInId,
        badgeId: w.badgeA,
        listId,
        direction: 'entry',
        exhibitorId: w.exhibitorA.id,
        eventId: w.eventA,
      },
    });

    const lead = await t.request(w.exhibitorA, {
      method: 'POST',
      url: '/api/leads',
      payload: { code: badge!.code, nonce: 'lead-nonce-0001', scannedAt: new Date().toISOString() },
    });
    expect(lead.statusCode, lead.body).toBe(201);
    const leads = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventType, 'lead.created'));
    expect(leads.map((d) => d.endpointId)).toEqual([own.id]);
    expect([...checkIns, ...leads].some((d) => d.endpointId === other.id)).toBe(false);
    const data = (leads[0]!.payload as { data: Record<string, unknown> }).data;
    expect(data).toMatchObject({ id: lead.json().data.lead.id, exhibitorId: w.exhibitorA.id, badgeId: w.badgeA });
    // The visitor's details follow the event's release rules: a receiver reads them through the API.
    expect(data).not.toHaveProperty('firstName');
    expect(data).not.toHaveProperty('lastName');
  });
});
