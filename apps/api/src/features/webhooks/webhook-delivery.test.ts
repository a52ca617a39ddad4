import { WEBHOOK_MAX_ATTEMPTS } from '@portal/shared/webhooks';
import { eq, sql } from 'drizzle-orm';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema/email';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/webhooks';
import type { Actor } from '../../lib/actor';
import { createTestApp, createWorld, type TestApp, type World } from '../../test/harness';
import { loadPrincipal } from '../auth/principal';
import { parseAllowList, type Resolver } from './address-guard';
import { deliverDueWebhooks, type WebhookDeliveryOptions } from './webhook-worker';
import { generateSecret } from './webhook-sender';
import * as repo from './webhooks.repository';
import { createWebhooksService } from './webhooks.service';

type Received = { headers: IncomingHttpHeaders; body: string };

let t: TestApp;
let w: World;
let server: Server;
let port: number;
const received: Received[] = [];
/** Status codes the receiver answers next, one per request; 200 once they run out. */
let answers: number[] = [];

beforeAll(async () => {
  // The app's own worker must not race the rounds these tests run by hand.
  t = await createTestApp({ WEBHOOK_INTERVAL_MS: 3_600_000 });
  w = await createWorld(t);
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      // A little latency, so concurrent workers overlap.
      setTimeout(() => response.writeHead(answers.shift() ?? 200).end('ok'), 5);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});
beforeEach(async () => {
  received.length = 0;
  answers = [];
  await t.db.delete(webhookEndpoints);
});

const localAddress: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
/** The test receiver listens on 127.0.0.1, so the operator's list allows it, as the docs say to. */
const options = (overrides: Partial<WebhookDeliveryOptions> = {}): WebhookDeliveryOptions => ({
  allow: parseAllowList('127.0.0.1'),
  resolve: localAddress,
  timeoutMs: 2000,
  publicUrl: 'https://portal.test',
  ...overrides,
});

async function endpoint(values: Partial<typeof webhookEndpoints.$inferInsert> = {}) {
  return repo.insertEndpoint(t.db, {
    eventId: w.eventA,
    url: `http://127.0.0.1:${port}/hook`,
    eventTypes: ['badge.created'],
    secret: generateSecret(),
    ...values,
  });
}
const queue = (endpointId: number, n = 1) =>
  Promise.all(
    Array.from({ length: n }, (_, i) =>
      repo.insertDelivery(t.db, endpointId, 'badge.created', {
        type: 'badge.created',
        timestamp: new Date().toISOString(),
        data: { id: i },
      }),
    ),
  );
const deliveryOf = async (id: number) =>
  (await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]!;
const makeDue = () =>
  t.db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(webhookDeliveries.status, 'pending'));
const headersOf = (r: Received) => ({
  'webhook-id': String(r.headers['webhook-id']),
  'webhook-timestamp': String(r.headers['webhook-timestamp']),
  'webhook-signature': String(r.headers['webhook-signature']),
});

describe('webhook delivery', () => {
  it('signs as Standard Webhooks: the reference library verifies it, with the previous secret too while it lasts', async () => {
    const oldSecret = generateSecret();
    const newSecret = generateSecret();
    const row = await endpoint({ secret: oldSecret });
    const [first] = await queue(row.id);
    expect(await deliverDueWebhooks(t.db, options())).toBe(1);
    const payload = new Webhook(oldSecret).verify(received[0]!.body, headersOf(received[0]!));
    expect(payload).toMatchObject({ type: 'badge.created', data: { id: 0 } });
    expect(received[0]!.headers['webhook-id']).toBe(first!.messageId);
    expect(received[0]!.headers['content-type']).toBe('application/json');

    // Rotated: both secrets sign for the day after, so a receiver still on the old one verifies.
    await t.db
      .update(webhookEndpoints)
      .set({ secret: newSecret, previousSecret: oldSecret, previousSecretExpiresAt: new Date(Date.now() + 3600_000) })
      .where(eq(webhookEndpoints.id, row.id));
    await queue(row.id);
    await deliverDueWebhooks(t.db, options());
    const rotated = received[1]!;
    expect(rotated.headers['webhook-signature']!.toString().split(' ')).toHaveLength(2);
    expect(() => new Webhook(newSecret).verify(rotated.body, headersOf(rotated))).not.toThrow();
    expect(() => new Webhook(oldSecret).verify(rotated.body, headersOf(rotated))).not.toThrow();

    // Once it expires, only the new secret signs.
    await t.db
      .update(webhookEndpoints)
      .set({ previousSecretExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(webhookEndpoints.id, row.id));
    await queue(row.id);
    await deliverDueWebhooks(t.db, options());
    const later = received[2]!;
    expect(() => new Webhook(newSecret).verify(later.body, headersOf(later))).not.toThrow();
    expect(() => new Webhook(oldSecret).verify(later.body, headersOf(later))).toThrow();
  });

  it('retries a receiver that fails, with back-off, and delivers once it recovers, logging every attempt', async () => {
    const row = await endpoint();
    const [delivery] = await queue(row.id);
    answers = [500];
    expect(await deliverDueWebhooks(t.db, options())).toBe(0);
    const failed = await deliveryOf(delivery!.id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 });
    const wait = (failed.nextAttemptAt.getTime() - Date.now()) / 1000;
    expect(wait).toBeGreaterThan(20);
    expect(wait).toBeLessThan(40);
    // Not due yet: nothing is sent.
    expect(await deliverDueWebhooks(t.db, options())).toBe(0);
    expect(received).toHaveLength(1);

    await makeDue();
    expect(await deliverDueWebhooks(t.db, options())).toBe(1);
    expect(await deliverDueWebhooks(t.db, options())).toBe(0);
    expect(received.map((r) => r.headers['webhook-id'])).toEqual([delivery!.messageId, delivery!.messageId]);
    expect(await deliveryOf(delivery!.id)).toMatchObject({
      status: 'delivered',
      attempts: 2,
      lastStatusCode: 200,
      lastError: null,
    });
    const attempts = await t.db
      .select()
      .from(webhookAttempts)
      .where(eq(webhookAttempts.deliveryId, delivery!.id))
      .orderBy(webhookAttempts.id);
    expect(attempts.map((a) => a.statusCode)).toEqual([500, 200]);
    expect(attempts.every((a) => a.durationMs >= 0)).toBe(true);
    expect(
      (await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, row.id)))[0]!.consecutiveFailures,
    ).toBe(0);
  });

  it('marks a message failed after its last attempt', async () => {
    const row = await endpoint();
    const [delivery] = await queue(row.id);
    await t.db
      .update(webhookDeliveries)
      .set({ attempts: WEBHOOK_MAX_ATTEMPTS - 1 })
      .where(eq(webhookDeliveries.id, delivery!.id));
    answers = [503];
    await deliverDueWebhooks(t.db, options());
    expect(await deliveryOf(delivery!.id)).toMatchObject({
      status: 'failed',
      attempts: WEBHOOK_MAX_ATTEMPTS,
      lastStatusCode: 503,
    });
  });

  it('sends each message once when two workers share the outbox', async () => {
    const row = await endpoint();
    const queued = await queue(row.id, 30);
    const rounds = await Promise.all([
      deliverDueWebhooks(t.db, options()),
      deliverDueWebhooks(t.db, options()),
      deliverDueWebhooks(t.db, options()),
    ]);
    const more = await Promise.all([deliverDueWebhooks(t.db, options()), deliverDueWebhooks(t.db, options())]);
    expect([...rounds, ...more].reduce((a, b) => a + b, 0)).toBe(30);
    const ids = received.map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(30);
    expect(new Set(ids)).toEqual(new Set(queued.map((d) => d.messageId)));
    const attempts = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookAttempts)
      .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
      .where(eq(webhookDeliveries.endpointId, row.id));
    expect(attempts[0]!.n).toBe(30);
  });

  it('connects to the address it checked: a name the operator allows is sent to its resolved address', async () => {
    const row = await endpoint({ url: `http://receiver.test:${port}/hook` });
    await queue(row.id);
    const pinned = options({ allow: parseAllowList('receiver.test') });
    expect(await deliverDueWebhooks(t.db, pinned)).toBe(1);
    expect(received[0]!.headers.host).toBe(`receiver.test:${port}`);
  });

  it('speaks TLS to an https receiver at the pinned address and refuses a certificate it cannot verify', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'portal-webhook-tls-'));
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=receiver.test', '-addext', 'subjectAltName=DNS:receiver.test',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    ], { stdio: 'ignore' });
    let handshakes = 0;
    const tls = createHttpsServer(
      { key: await readFile(join(dir, 'key.pem')), cert: await readFile(join(dir, 'cert.pem')) },
      (_request, response) => response.end('ok'),
    ).on('secureConnection', () => handshakes++);
    // A handshake the client abandons is not an error of the server's.
    tls.on('tlsClientError', () => {});
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    try {
      const tlsPort = (tls.address() as { port: number }).port;
      const row = await endpoint({ url: `https://receiver.test:${tlsPort}/hook` });
      const [delivery] = await queue(row.id);
      expect(await deliverDueWebhooks(t.db, options({ allow: parseAllowList('receiver.test') }))).toBe(0);
      const refused = await deliveryOf(delivery!.id);
      expect(refused).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
      // The connection reached the receiver's address, and the self-signed certificate was not trusted.
      expect(refused.lastError).toMatch(/self[- ]signed certificate/i);
      expect(handshakes).toBe(0);
    } finally {
      await new Promise<void>((resolve) => tls.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a name that answered a public address at save and a loopback one at delivery (DNS rebinding)', async () => {
    const answers = ['93.184.216.34', '127.0.0.1'];
    const rebinding: Resolver = async () => [{ address: answers.shift() ?? '127.0.0.1', family: 4 }];
    const service = createWebhooksService({ db: t.db, allow: parseAllowList(undefined), resolve: rebinding });
    const principal = (await loadPrincipal(t.db, w.eventAdminA.id))!;
    const actor: Actor = { principal, requestId: 'test', ip: '127.0.0.1' };
    const saved = await service.create(actor, w.eventA, {
      url: `https://rebind.example.test:${port}/hook`,
      eventTypes: ['badge.created'],
    });
    const [delivery] = await queue(saved.id);
    expect(await deliverDueWebhooks(t.db, options({ allow: parseAllowList(undefined), resolve: rebinding }))).toBe(0);
    expect(received).toHaveLength(0);
    const refused = await deliveryOf(delivery!.id);
    expect(refused).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
    expect(refused.lastError).toMatch(/127\.0\.0\.1/);
  });

  it('turns an endpoint off after 20 failures in a row or a day of failing, and mails its owner', async () => {
    const row = await endpoint({ exhibitorId: w.exhibitorA.id, consecutiveFailures: 19 });
    const [first, second] = await queue(row.id, 2);
    answers = [500];
    // The first failure is the 20th in a row: the endpoint goes off and the second message waits.
    await deliverDueWebhooks(t.db, options());
    expect(received).toHaveLength(1);
    const [off] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, row.id));
    expect(off).toMatchObject({
      enabled: false,
      consecutiveFailures: 20,
      disabledReason: 'Turned off after 20 failed attempts in a row',
    });
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.purpose, 'webhook_disabled'));
    expect(mails).toEqual([
      expect.objectContaining({
        toAddress: w.exhibitorA.email,
        recipientAdminId: w.exhibitorA.id,
        exhibitorId: w.exhibitorA.id,
      }),
    ]);
    expect(mails[0]!.textBody).toContain(row.url);
    expect(mails[0]!.textBody).toContain('https://portal.test/webhooks');
    await makeDue();
    await deliverDueWebhooks(t.db, options());
    expect(received).toHaveLength(1);
    expect((await deliveryOf(second!.id)).status).toBe('pending');
    expect((await deliveryOf(first!.id)).attempts).toBe(1);

    // A short streak that began over a day ago turns the endpoint off too; the organiser's owner is its creator.
    const organisers = await endpoint({ createdByAdminId: w.eventAdminA.id });
    const [old] = await queue(organisers.id, 1);
    await repo.insertAttempt(t.db, old!.id, { statusCode: 500, durationMs: 3, error: 'The receiver answered 500' });
    await t.db
      .update(webhookAttempts)
      .set({ attemptedAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(webhookAttempts.deliveryId, old!.id));
    await t.db.update(webhookEndpoints).set({ consecutiveFailures: 1 }).where(eq(webhookEndpoints.id, organisers.id));
    answers = [500];
    await deliverDueWebhooks(t.db, options());
    expect((await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, organisers.id)))[0]).toMatchObject(
      { enabled: false, consecutiveFailures: 2 },
    );
    const organiserMail = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, w.eventAdminA.email));
    expect(organiserMail.map((m) => m.purpose)).toContain('webhook_disabled');
  });
});
