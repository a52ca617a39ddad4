import { and, eq, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { OutboxAttachment } from '@portal/shared/email-outbox';
import type { Database } from '../../db/client';
import { emailOutbox } from '../../db/schema/email';
import { events } from '../../db/schema/events';
import { leaseEnd } from '../../lib/outbox-lease';
import { containsPattern, countOrEstimate, orderBy, pageWindow, type Page } from '../../lib/listing';
import type { Scope } from '../auth/scope';

export type OutgoingEmail = {
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody?: string | null;
  purpose: string;
  eventId?: number | null;
  /** The exhibitor (admin id) whose records the message is about, so that its outbox shows it. */
  exhibitorId?: number | null;
  /** The account the message is addressed to, when it is one. */
  recipientAdminId?: number | null;
  /** Documents to send with it as PDFs; queued with the mail, so that the two exist together. */
  attachments?: OutboxAttachment[] | null;
};

export type QueuedEmail = typeof emailOutbox.$inferSelect;

/** Queues a message; call it with the transaction of the change that causes it. */
export async function enqueueEmail(db: Database, email: OutgoingEmail): Promise<number> {
  const [row] = await db.insert(emailOutbox).values(email).returning({ id: emailOutbox.id });
  return row!.id;
}

/**
 * Queues many messages in a few statements, each batch one JSON parameter (as bulk imports write
 * rows); call it with the transaction of the change that causes them.
 */
export async function enqueueEmails(db: Database, emails: readonly OutgoingEmail[]): Promise<void> {
  for (let start = 0; start < emails.length; start += 2000) {
    const rows = emails.slice(start, start + 2000);
    await db.execute(sql`insert into email_outbox (to_address, subject, text_body, html_body, purpose, event_id, exhibitor_id, recipient_admin_id, attachments)
      select v."toAddress", v.subject, v."textBody", v."htmlBody", v.purpose, v."eventId", v."exhibitorId", v."recipientAdminId", v.attachments
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as v("toAddress" text, subject text, "textBody" text, "htmlBody" text, purpose text, "eventId" int, "exhibitorId" int, "recipientAdminId" int, attachments jsonb)`);
  }
}

/**
 * Claims due messages for this worker. SKIP LOCKED lets several replicas share the outbox without
 * sending a message twice; the claim pushes the next attempt `leaseSeconds` ahead, so a crashed
 * worker's messages come back after a while. The lease end (whole milliseconds, so that it reads
 * back exactly) is the claim's token: `renewClaim` extends only a claim whose lease end is unchanged.
 */
export async function claimDueEmails(db: Database, limit: number, leaseSeconds: number): Promise<QueuedEmail[]> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(emailOutbox.nextAttemptAt, emailOutbox.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(emailOutbox)
    .set({ nextAttemptAt: leaseEnd(leaseSeconds) })
    .where(inArray(emailOutbox.id, due))
    .returning();
  return claimed.sort((a, b) => a.id - b.id);
}

/**
 * Extends a claim still held (its lease end unchanged) by a fresh lease, right before sending;
 * answers the new lease end, or null when the claim lapsed and the message may be another worker's.
 */
export async function renewClaim(db: Database, id: number, claimedUntil: Date, leaseSeconds: number): Promise<Date | null> {
  const [row] = await db
    .update(emailOutbox)
    .set({ nextAttemptAt: leaseEnd(leaseSeconds) })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'pending'), eq(emailOutbox.nextAttemptAt, claimedUntil)))
    .returning({ nextAttemptAt: emailOutbox.nextAttemptAt });
  return row?.nextAttemptAt ?? null;
}

/** Records a message the mail server accepted: whoever sent it, it is sent (a second call changes nothing). */
export async function markSent(db: Database, id: number): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, attempts: sql`${emailOutbox.attempts} + 1`, lastError: null })
    .where(and(eq(emailOutbox.id, id), sql`${emailOutbox.status} <> 'sent'`));
}

/** Schedules another try with exponential back-off, or gives up after the last one. */
export async function markAttemptFailed(db: Database, id: number, error: string, maxAttempts: number): Promise<void> {
  await db
    .update(emailOutbox)
    .set({
      attempts: sql`${emailOutbox.attempts} + 1`,
      lastError: error.slice(0, 2000),
      status: sql`case when ${emailOutbox.attempts} + 1 >= ${maxAttempts} then 'failed' else 'pending' end`,
      nextAttemptAt: sql`now() + make_interval(secs => least(3600, 30 * power(2, ${emailOutbox.attempts})))`,
    })
    .where(eq(emailOutbox.id, id));
}

export async function listEmailsTo(db: Database, toAddress: string): Promise<QueuedEmail[]> {
  return db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, toAddress)).orderBy(emailOutbox.id);
}

/**
 * The messages a caller reaches: all for a system-wide admin; its event's for an organiser; for an
 * exhibitor those about its own records or addressed to it; for a sub-account those addressed to it.
 */
export function outboxScopeFilter(scope: Scope): SQL | undefined {
  const o = emailOutbox;
  switch (scope.kind) {
    case 'global':
      return undefined;
    case 'event':
      return eq(o.eventId, scope.eventId);
    case 'exhibitor':
      return or(eq(o.exhibitorId, scope.exhibitorId), eq(o.recipientAdminId, scope.exhibitorId));
    case 'sub-account':
      return eq(o.recipientAdminId, scope.subAccountId);
  }
}

const listColumns = {
  id: emailOutbox.id,
  eventId: emailOutbox.eventId,
  eventName: sql<string | null>`(select e.name from ${events} e where e.id = ${emailOutbox.eventId})`,
  toAddress: emailOutbox.toAddress,
  subject: emailOutbox.subject,
  purpose: emailOutbox.purpose,
  status: emailOutbox.status,
  attempts: emailOutbox.attempts,
  lastError: emailOutbox.lastError,
  nextAttemptAt: emailOutbox.nextAttemptAt,
  sentAt: emailOutbox.sentAt,
  createdAt: emailOutbox.createdAt,
  textBody: emailOutbox.textBody,
  attachments: emailOutbox.attachments,
};
export type OutboxRow = NonNullable<Awaited<ReturnType<typeof findOutboxMessage>>>;

export type OutboxFilter = Page & { search?: string; sort?: string; status?: QueuedEmail['status']; purpose?: string; eventId?: number };

function outboxWhere(scopeFilter: SQL | undefined, query: Omit<OutboxFilter, keyof Page>): SQL | undefined {
  const o = emailOutbox;
  return and(
    scopeFilter,
    query.status ? eq(o.status, query.status) : undefined,
    query.purpose ? eq(o.purpose, query.purpose) : undefined,
    query.eventId ? eq(o.eventId, query.eventId) : undefined,
    query.search ? ilike(o.toAddress, containsPattern(query.search)) : undefined,
  );
}

const outboxOrder = (sort: string | undefined) =>
  orderBy(sort, { createdAt: emailOutbox.createdAt, status: emailOutbox.status, toAddress: emailOutbox.toAddress, attempts: emailOutbox.attempts }, emailOutbox.id, '-createdAt');

export async function listOutbox(db: Database, scopeFilter: SQL | undefined, query: OutboxFilter) {
  const o = emailOutbox;
  const where = outboxWhere(scopeFilter, query);
  const order = outboxOrder(query.sort);
  const { limit, offset } = pageWindow(query);
  // The outbox holds a mail per badge registered: at a large show, a count exact up to the cap
  // and estimated beyond it, as the badge list's.
  const [rows, count] = await Promise.all([
    db.select(listColumns).from(o).where(where).orderBy(...order).limit(limit).offset(offset),
    countOrEstimate(db, o, where),
  ]);
  return { rows, ...count };
}

/** The ids of every message the list's filter keeps, in the list's order: an export's rows. */
export async function outboxIds(db: Database, scopeFilter: SQL | undefined, filter: Omit<OutboxFilter, keyof Page>): Promise<number[]> {
  const rows = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(outboxWhere(scopeFilter, filter))
    .orderBy(...outboxOrder(filter.sort));
  return rows.map((row) => row.id);
}

export async function outboxByIds(db: Database, ids: number[]) {
  return db.select(listColumns).from(emailOutbox).where(inArray(emailOutbox.id, ids));
}

export async function findOutboxMessage(db: Database, id: number, scopeFilter: SQL | undefined) {
  const [row] = await db.select(listColumns).from(emailOutbox).where(and(eq(emailOutbox.id, id), scopeFilter));
  return row;
}

/** Makes an unsent message due now; a failed one gets one more attempt. False when it was sent meanwhile. */
export async function makeDueNow(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .update(emailOutbox)
    .set({ status: 'pending', nextAttemptAt: sql`now()` })
    .where(and(eq(emailOutbox.id, id), sql`${emailOutbox.status} <> 'sent'`))
    .returning({ id: emailOutbox.id });
  return rows.length > 0;
}
