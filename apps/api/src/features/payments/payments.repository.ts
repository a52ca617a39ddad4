import type { PaymentProviderName } from '@portal/shared/allocation-purchases';
import { and, asc, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import {
  paymentAttempts,
  paymentRefunds,
  paymentStatusSyncs,
  processedWebhookEvents,
  sandboxSessions,
} from '../../db/schema/payments';

export type PaymentAttemptRow = typeof paymentAttempts.$inferSelect;
type AttemptState = PaymentAttemptRow['state'];

export async function insertAttempt(
  db: Database,
  values: typeof paymentAttempts.$inferInsert,
): Promise<PaymentAttemptRow> {
  const [row] = await db.insert(paymentAttempts).values(values).returning();
  return row!;
}

export async function findAttempt(db: Database, provider: PaymentProviderName, externalId: string) {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.provider, provider), eq(paymentAttempts.externalId, externalId)));
  return row;
}

export async function findAttemptByReference(db: Database, provider: PaymentProviderName, paymentReference: string) {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.provider, provider), eq(paymentAttempts.paymentReference, paymentReference)));
  return row;
}

export async function attemptsOf(db: Database, purchaseId: number): Promise<PaymentAttemptRow[]> {
  return db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.allocationPurchaseId, purchaseId))
    .orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id));
}

/**
 * Settles an open attempt in one conditional statement: of concurrent callers applying the same
 * provider answer, exactly one gets `true` and goes on to apply it.
 */
export async function settleAttempt(
  db: Database,
  id: number,
  state: Exclude<AttemptState, 'open'>,
  paymentReference: string | null,
): Promise<boolean> {
  const rows = await db
    .update(paymentAttempts)
    .set({ state, paymentReference, updatedAt: sql`now()` })
    .where(and(eq(paymentAttempts.id, id), eq(paymentAttempts.state, 'open')))
    .returning({ id: paymentAttempts.id });
  return rows.length === 1;
}

/** The succeeded attempt was acted on (inside the transaction that did so). */
export async function markApplied(db: Database, id: number): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ appliedAt: sql`now()` })
    .where(and(eq(paymentAttempts.id, id), isNull(paymentAttempts.appliedAt)));
}

/**
 * The next succeeded attempt nobody acted on (after `afterId`), locked for the rest of the
 * transaction; one another sweeper holds is skipped, so several processes share the work.
 */
export async function claimUnappliedAttempt(db: Database, afterId: number): Promise<PaymentAttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.state, 'succeeded'), isNull(paymentAttempts.appliedAt), gt(paymentAttempts.id, afterId)))
    .orderBy(asc(paymentAttempts.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

/**
 * The next open sandbox attempt whose session the payer already finished (after `afterId`), locked
 * as above: the sandbox's own record says what happened, the attempt does not know it yet.
 */
export async function claimFinishedSandboxAttempt(db: Database, afterId: number): Promise<PaymentAttemptRow | undefined> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select a.id from payment_attempts a join sandbox_sessions s on s.id = a.external_id
         where a.provider = 'sandbox' and a.state = 'open' and s.state <> 'open' and a.id > ${afterId}
         order by a.id limit 1 for update of a skip locked`,
  );
  return row ? findAttemptById(db, row.id) : undefined;
}

export async function findAttemptById(db: Database, id: number): Promise<PaymentAttemptRow | undefined> {
  const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id));
  return row;
}

/**
 * Claims the right to ask the provider about a purchase: true at most once per `minSeconds` per
 * purchase, across every process (one conditional upsert).
 */
export async function claimStatusSync(db: Database, purchaseId: number, minSeconds: number): Promise<boolean> {
  const rows = await db
    .insert(paymentStatusSyncs)
    .values({ allocationPurchaseId: purchaseId, syncedAt: sql`now()` })
    .onConflictDoUpdate({
      target: paymentStatusSyncs.allocationPurchaseId,
      set: { syncedAt: sql`now()` },
      setWhere: sql`${paymentStatusSyncs.syncedAt} <= now() - make_interval(secs => ${minSeconds})`,
    })
    .returning({ id: paymentStatusSyncs.allocationPurchaseId });
  return rows.length === 1;
}

export async function insertRefund(db: Database, values: typeof paymentRefunds.$inferInsert): Promise<number> {
  const [row] = await db.insert(paymentRefunds).values(values).returning({ id: paymentRefunds.id });
  return row!.id;
}

/** Money recorded as refunded for an attempt, failed refunds aside. */
export async function refundedFor(db: Database, attemptId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`cast(coalesce(sum(${paymentRefunds.amountCents}), 0) as integer)` })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentAttemptId, attemptId), ne(paymentRefunds.state, 'failed')));
  return row?.total ?? 0;
}

export async function findRefundByExternalId(db: Database, provider: PaymentProviderName, externalId: string) {
  const [row] = await db
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.provider, provider), eq(paymentRefunds.externalId, externalId)));
  return row;
}

export async function setRefundState(
  db: Database,
  id: number,
  from: ('pending' | 'succeeded')[],
  state: 'succeeded' | 'failed',
): Promise<boolean> {
  const rows = await db
    .update(paymentRefunds)
    .set({ state })
    .where(and(eq(paymentRefunds.id, id), inArray(paymentRefunds.state, from)))
    .returning({ id: paymentRefunds.id });
  return rows.length === 1;
}

export async function webhookEventSeen(db: Database, provider: PaymentProviderName, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ eventId: processedWebhookEvents.eventId })
    .from(processedWebhookEvents)
    .where(and(eq(processedWebhookEvents.provider, provider), eq(processedWebhookEvents.eventId, eventId)));
  return Boolean(row);
}

export async function rememberWebhookEvent(
  db: Database,
  provider: PaymentProviderName,
  eventId: string,
  eventType: string,
) {
  await db.insert(processedWebhookEvents).values({ provider, eventId, eventType }).onConflictDoNothing();
}

export async function findSandboxSession(db: Database, id: string) {
  const [row] = await db.select().from(sandboxSessions).where(eq(sandboxSessions.id, id));
  return row;
}

/** The payer's choice on the sandbox page, once: a session leaves `open` a single time. */
export async function settleSandboxSession(
  db: Database,
  id: string,
  state: 'succeeded' | 'failed' | 'abandoned',
): Promise<boolean> {
  const rows = await db
    .update(sandboxSessions)
    .set({ state, updatedAt: sql`now()` })
    .where(and(eq(sandboxSessions.id, id), eq(sandboxSessions.state, 'open')))
    .returning({ id: sandboxSessions.id });
  return rows.length === 1;
}
