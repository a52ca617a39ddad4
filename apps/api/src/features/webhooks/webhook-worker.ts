import { WEBHOOK_DISABLE_AFTER_FAILURES, WEBHOOK_MAX_ATTEMPTS } from '@portal/shared/webhooks';
import type { Database } from '../../db/client';
import { retryUntil } from '../../lib/outbox-lease';
import { runEvery } from '../../lib/run-every';
import { recordAudit } from '../audit/audit.repository';
import { enqueueEmail } from '../email/email.repository';
import { sendWebhook, type AttemptOutcome, type SendOptions } from './webhook-sender';
import * as repo from './webhooks.repository';

const BATCH = 20;
/** Longer than the worst batch would take one by one; each message renews its own lease before sending. */
const LEASE_SECONDS = 120;
/** An attempt's outcome is recorded until this long before its lease ends (see the email outbox). */
const LEASE_MARGIN_MS = 15_000;
/** A streak of failures this long turns the endpoint off even before it reaches the count. */
const FAILING_STREAK_MS = 24 * 60 * 60 * 1000;

export type WebhookDeliveryOptions = SendOptions & { publicUrl: string };

/** Turns a failing endpoint off and tells its owner by mail, in one transaction. */
async function disableFailingEndpoint(
  db: Database,
  endpointId: number,
  failures: number,
  publicUrl: string,
): Promise<void> {
  const reason = `Turned off after ${failures} failed attempts in a row`;
  await db.transaction(async (tx) => {
    const disabled = await repo.disableEndpoint(tx, endpointId, reason);
    if (!disabled) return;
    const { endpoint, owner } = disabled;
    await recordAudit(tx, null, {
      action: 'disable_for_failures',
      entityType: 'webhook_endpoint',
      entityId: endpoint.id,
      eventId: endpoint.eventId,
      exhibitorId: endpoint.exhibitorId,
      after: { enabled: false, disabledReason: reason },
    });
    if (!owner) return;
    await enqueueEmail(tx, {
      toAddress: owner.email,
      subject: 'A webhook endpoint was turned off',
      textBody: [
        `The portal could not deliver webhooks to ${endpoint.url} and has turned the endpoint off.`,
        `${reason}.`,
        '',
        `Check the delivery log, fix the receiver and turn the endpoint back on: ${publicUrl}${endpoint.exhibitorId === null ? `/events/${endpoint.eventId}/webhooks` : '/webhooks'}`,
        'Messages queued while it was off are sent once it is on again.',
      ].join('\n'),
      purpose: 'webhook_disabled',
      eventId: endpoint.eventId,
      exhibitorId: endpoint.exhibitorId,
      recipientAdminId: owner.id,
    });
  });
}

/** Records one attempt: the log line, the delivery's state, the endpoint's failure streak (answered after a failure). */
function recordOutcome(db: Database, delivery: repo.ClaimedDelivery, outcome: AttemptOutcome) {
  const attempt = { statusCode: outcome.statusCode, durationMs: outcome.durationMs, error: outcome.error };
  return db.transaction(async (tx) => {
    await repo.insertAttempt(tx, delivery.id, attempt);
    if (outcome.ok) {
      await repo.markDelivered(tx, delivery.id, attempt);
      await repo.resetFailures(tx, delivery.endpointId);
      return null;
    }
    await repo.markAttemptFailed(tx, delivery.id, attempt, WEBHOOK_MAX_ATTEMPTS);
    return repo.countFailure(tx, delivery.endpointId);
  });
}

const failingTooLong = (streak: { failures: number; since: Date }) =>
  streak.failures >= WEBHOOK_DISABLE_AFTER_FAILURES || Date.now() - streak.since.getTime() > FAILING_STREAK_MS;

/**
 * Sends what is due, one batch; answers how many were delivered. Several processes may run this
 * at once: each message is claimed by one (SKIP LOCKED, then its own lease renewed right before
 * sending, so a claim that lapsed meanwhile is left to whoever holds it now).
 */
export async function deliverDueWebhooks(db: Database, options: WebhookDeliveryOptions): Promise<number> {
  let delivered = 0;
  // Endpoints this round turned off: their other claimed messages wait until the owner turns them on.
  const turnedOff = new Set<number>();
  for (const delivery of await repo.claimDueDeliveries(db, BATCH, LEASE_SECONDS)) {
    if (turnedOff.has(delivery.endpointId)) continue;
    const leasedUntil = await repo.renewClaim(db, delivery.id, delivery.nextAttemptAt, LEASE_SECONDS);
    if (!leasedUntil) continue;
    const deadline = Date.now() + LEASE_SECONDS * 1000 - LEASE_MARGIN_MS;
    const outcome = await sendWebhook(
      { url: delivery.endpoint.url, keys: delivery.endpoint },
      { id: delivery.messageId, body: JSON.stringify(delivery.payload) },
      options,
    );
    // Received or not, the attempt is recorded within the lease, else it is made again (same webhook-id).
    const recorded: { streak?: Awaited<ReturnType<typeof recordOutcome>> } = {};
    await retryUntil(deadline, async () => (recorded.streak = await recordOutcome(db, delivery, outcome)));
    const streak = recorded.streak;
    if (streak && failingTooLong(streak)) {
      turnedOff.add(delivery.endpointId);
      await disableFailingEndpoint(db, delivery.endpointId, streak.failures, options.publicUrl);
    }
    if (outcome.ok) delivered += 1;
  }
  return delivered;
}

/** Polls the webhook outbox until stopped; a failing round is logged and tried again at the next tick. */
export function startWebhookWorker(
  options: WebhookDeliveryOptions & { db: Database; intervalMs: number; onError: (error: unknown) => void },
) {
  return runEvery(options.intervalMs, () => deliverDueWebhooks(options.db, options), options.onError);
}
