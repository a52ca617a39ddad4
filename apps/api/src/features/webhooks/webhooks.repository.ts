import type { WebhookDeliveryListQuery, WebhookEventType } from '@portal/shared/webhooks';
import { and, count, desc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { admins } from '../../db/schema/admins';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/webhooks';
import { isoText, pageWindow } from '../../lib/listing';
import { leaseEnd } from '../../lib/outbox-lease';
import type { Scope } from '../auth/scope';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Whose endpoints: the organiser's of an event (exhibitorId null) or one exhibitor's. */
export type EndpointOwner = { eventId: number; exhibitorId: number | null };

const ownedBy = (owner: EndpointOwner): SQL =>
  and(
    eq(webhookEndpoints.eventId, owner.eventId),
    owner.exhibitorId === null
      ? isNull(webhookEndpoints.exhibitorId)
      : eq(webhookEndpoints.exhibitorId, owner.exhibitorId),
  )!;

/** A message id as Standard Webhooks suggests: `msg_` and random hex; the same on every attempt. */
const newMessageId = sql`'msg_' || replace(gen_random_uuid()::text, '-', '')`;

export async function insertEndpoint(db: Database, values: typeof webhookEndpoints.$inferInsert): Promise<EndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row!;
}

export async function listEndpoints(db: Database, owner: EndpointOwner): Promise<EndpointRow[]> {
  return db.select().from(webhookEndpoints).where(ownedBy(owner)).orderBy(webhookEndpoints.id);
}

/**
 * The endpoints a caller reaches: an organiser (system-wide, or of its event) the organiser's, an
 * exhibitor its own; a sub-account none.
 */
export function endpointScopeFilter(scope: Scope): SQL {
  const e = webhookEndpoints;
  switch (scope.kind) {
    case 'global':
      return isNull(e.exhibitorId);
    case 'event':
      return and(eq(e.eventId, scope.eventId), isNull(e.exhibitorId))!;
    case 'exhibitor':
      return and(eq(e.eventId, scope.eventId), eq(e.exhibitorId, scope.exhibitorId))!;
    case 'sub-account':
      return sql`false`;
  }
}

/** The endpoint when it is within the scope filter; another's is not found. */
export async function findEndpoint(
  db: Database,
  id: number,
  scopeFilter: SQL,
  lock = false,
): Promise<EndpointRow | undefined> {
  const query = db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), scopeFilter));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function updateEndpoint(
  db: Database,
  id: number,
  values: Partial<typeof webhookEndpoints.$inferInsert>,
): Promise<EndpointRow> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row!;
}

export async function deleteEndpoint(db: Database, id: number): Promise<void> {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

/**
 * Queues one message per event type to every enabled endpoint of the event subscribed to it that
 * the change concerns: the organiser's, and the exhibitor's own when the change is about its
 * records. One statement, in the transaction of the change.
 */
export async function enqueueDeliveries(
  db: Database,
  change: { eventId: number; exhibitorId: number | null; types: readonly string[]; timestamp: string; data: object },
): Promise<void> {
  await db.execute(sql`insert into webhook_deliveries (endpoint_id, message_id, event_type, payload)
    select e.id, ${newMessageId}, t.type,
           jsonb_build_object('type', t.type, 'timestamp', ${change.timestamp}::text, 'data', ${JSON.stringify(change.data)}::jsonb)
      from webhook_endpoints e
      cross join jsonb_array_elements_text(${JSON.stringify(change.types)}::jsonb) as t(type)
     where e.event_id = ${change.eventId}
       and e.enabled
       and e.event_types @> jsonb_build_array(t.type)
       and (e.exhibitor_id is null or e.exhibitor_id = ${change.exhibitorId})`);
}

/**
 * The same queuing as a step of a write's own statement (`with …, <name> as (…)`), for the hot
 * paths that write in one statement and keep no audit entry (a door scan, a lead's first capture):
 * one message of `type` per row of `source` (a CTE with `event_id` and `exhibitor_id`), to the
 * subscribed endpoints of the row's exhibitor and, when `organiser`, the organiser's. `data` is a
 * jsonb expression over the row, named `src`.
 */
export function deliveriesStep(name: string, step: { type: WebhookEventType; source: string; organiser: boolean; data: SQL }): SQL {
  const owners = step.organiser ? sql`(e.exhibitor_id is null or e.exhibitor_id = src.exhibitor_id)` : sql`e.exhibitor_id = src.exhibitor_id`;
  return sql`${sql.raw(name)} as (insert into webhook_deliveries (endpoint_id, message_id, event_type, payload)
    select e.id, ${newMessageId}, ${step.type},
           jsonb_build_object('type', ${step.type}::text, 'timestamp', ${sql.raw(isoText('now()'))}, 'data', ${step.data})
      from ${sql.raw(step.source)} src
      join webhook_endpoints e on e.event_id = src.event_id and e.enabled and e.event_types @> jsonb_build_array(${step.type}::text) and ${owners})`;
}

/** Queues one message to one endpoint (a test message), due now. */
export async function insertDelivery(
  db: Database,
  endpointId: number,
  eventType: string,
  payload: object,
): Promise<DeliveryRow> {
  const [row] = await db
    .insert(webhookDeliveries)
    .values({ endpointId, messageId: newMessageId, eventType, payload })
    .returning();
  return row!;
}

export async function listDeliveries(db: Database, endpointId: number, query: WebhookDeliveryListQuery) {
  const where = and(
    eq(webhookDeliveries.endpointId, endpointId),
    query.status ? eq(webhookDeliveries.status, query.status) : undefined,
  );
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db.select().from(webhookDeliveries).where(where).orderBy(desc(webhookDeliveries.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  return { rows, total: total!.n };
}

/** A delivery when its endpoint is within the scope filter. */
export async function findDelivery(db: Database, id: number, scopeFilter: SQL): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .select({ delivery: webhookDeliveries })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, id), scopeFilter));
  return row?.delivery;
}

/** Sends a delivery again, due now, with the same message id; a failed one gets its attempts anew. */
export async function makeDeliveryDueNow(db: Database, id: number): Promise<DeliveryRow> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, deliveredAt: null })
    .where(eq(webhookDeliveries.id, id))
    .returning();
  return row!;
}

// ---------------------------------------------------------------------------------------------
// The worker's writes

export type ClaimedDelivery = DeliveryRow & {
  endpoint: Pick<EndpointRow, 'url' | 'secret' | 'previousSecret' | 'previousSecretExpiresAt'>;
};

/**
 * Claims due messages of enabled endpoints for this worker (SKIP LOCKED: see lib/outbox-lease.ts),
 * with what sending them needs. The lease end is the claim's token for `renewClaim`.
 */
export async function claimDueDeliveries(
  db: Database,
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedDelivery[]> {
  const d = webhookDeliveries;
  const due = db
    .select({ id: d.id })
    .from(d)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, d.endpointId))
    .where(and(eq(d.status, 'pending'), lte(d.nextAttemptAt, sql`now()`), eq(webhookEndpoints.enabled, true)))
    .orderBy(d.nextAttemptAt, d.id)
    .limit(limit)
    .for('update', { of: d, skipLocked: true });
  const claimed = await db
    .update(d)
    .set({ nextAttemptAt: leaseEnd(leaseSeconds) })
    .where(inArray(d.id, due))
    .returning();
  if (claimed.length === 0) return [];
  const endpoints = await db
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      secret: webhookEndpoints.secret,
      previousSecret: webhookEndpoints.previousSecret,
      previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt,
    })
    .from(webhookEndpoints)
    .where(inArray(webhookEndpoints.id, [...new Set(claimed.map((row) => row.endpointId))]));
  const byId = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
  return claimed.map((row) => ({ ...row, endpoint: byId.get(row.endpointId)! })).sort((a, b) => a.id - b.id);
}

/** Extends a claim still held (lease end unchanged); null when it lapsed and may be another worker's. */
export async function renewClaim(
  db: Database,
  id: number,
  claimedUntil: Date,
  leaseSeconds: number,
): Promise<Date | null> {
  const d = webhookDeliveries;
  const [row] = await db
    .update(d)
    .set({ nextAttemptAt: leaseEnd(leaseSeconds) })
    .where(and(eq(d.id, id), eq(d.status, 'pending'), eq(d.nextAttemptAt, claimedUntil)))
    .returning({ nextAttemptAt: d.nextAttemptAt });
  return row?.nextAttemptAt ?? null;
}

export type Attempt = { statusCode: number | null; durationMs: number; error: string | null };

export async function insertAttempt(db: Database, deliveryId: number, attempt: Attempt): Promise<void> {
  await db.insert(webhookAttempts).values({ deliveryId, ...attempt });
}

export async function markDelivered(db: Database, id: number, attempt: Attempt): Promise<void> {
  const d = webhookDeliveries;
  await db
    .update(d)
    .set({
      status: 'delivered',
      deliveredAt: sql`now()`,
      attempts: sql`${d.attempts} + 1`,
      lastStatusCode: attempt.statusCode,
      lastDurationMs: attempt.durationMs,
      lastError: null,
    })
    .where(and(eq(d.id, id), sql`${d.status} <> 'delivered'`));
}

/**
 * Schedules another try with exponential back-off (30 s, 2 min, 8 min, 32 min, 2 h, 8.5 h, then a
 * day), or marks the message failed after its last one.
 */
export async function markAttemptFailed(
  db: Database,
  id: number,
  attempt: Attempt,
  maxAttempts: number,
): Promise<void> {
  const d = webhookDeliveries;
  await db
    .update(d)
    .set({
      attempts: sql`${d.attempts} + 1`,
      lastStatusCode: attempt.statusCode,
      lastDurationMs: attempt.durationMs,
      lastError: attempt.error,
      status: sql`case when ${d.attempts} + 1 >= ${maxAttempts} then 'failed' else 'pending' end`,
      nextAttemptAt: sql`now() + make_interval(secs => least(86400, 30 * power(4, ${d.attempts})))`,
    })
    .where(and(eq(d.id, id), eq(d.status, 'pending')));
}

export async function resetFailures(db: Database, endpointId: number): Promise<void> {
  await db.update(webhookEndpoints).set({ consecutiveFailures: 0 }).where(eq(webhookEndpoints.id, endpointId));
}

/**
 * Counts one more failed attempt in a row; answers the streak's length and when it began (the
 * oldest of that many latest attempts), to decide whether to turn the endpoint off.
 */
export async function countFailure(db: Database, endpointId: number): Promise<{ failures: number; since: Date }> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1` })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning({ failures: webhookEndpoints.consecutiveFailures });
  const failures = row?.failures ?? 0;
  // The streak's attempts are its endpoint's latest (the streak stops at 20, so few rows).
  const streak = await db
    .select({ at: webhookAttempts.attemptedAt })
    .from(webhookAttempts)
    .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookAttempts.id))
    .limit(Math.max(failures, 1));
  return { failures, since: streak.at(-1)?.at ?? new Date() };
}

/** Turns an endpoint off for repeated failure; the owner's address when this call did it, else null. */
export async function disableEndpoint(db: Database, endpointId: number, reason: string) {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason, updatedAt: sql`now()` })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
    .returning();
  if (!row) return null;
  const ownerId = row.exhibitorId ?? row.createdByAdminId;
  const [owner] =
    ownerId === null
      ? []
      : await db.select({ id: admins.id, email: admins.email }).from(admins).where(eq(admins.id, ownerId));
  return { endpoint: row, owner: owner ?? null };
}
