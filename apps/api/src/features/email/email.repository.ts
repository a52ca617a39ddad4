import { and, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emailOutbox } from '../../db/schema/email';

export type OutgoingEmail = {
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody?: string | null;
  purpose: string;
  eventId?: number | null;
};

export type QueuedEmail = typeof emailOutbox.$inferSelect;

/** Queues a message; call it with the transaction of the change that causes it. */
export async function enqueueEmail(db: Database, email: OutgoingEmail): Promise<number> {
  const [row] = await db.insert(emailOutbox).values(email).returning({ id: emailOutbox.id });
  return row!.id;
}

/**
 * Claims due messages for this worker. SKIP LOCKED lets several replicas share the outbox without
 * sending a message twice; the claim pushes the next attempt forward so a crashed worker's
 * messages come back after a while.
 */
export async function claimDueEmails(db: Database, limit: number, leaseSeconds: number): Promise<QueuedEmail[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(emailOutbox.nextAttemptAt, emailOutbox.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    for (const email of due) {
      await tx
        .update(emailOutbox)
        .set({ nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})` })
        .where(eq(emailOutbox.id, email.id));
    }
    return due;
  });
}

export async function markSent(db: Database, id: number): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, attempts: sql`${emailOutbox.attempts} + 1`, lastError: null })
    .where(eq(emailOutbox.id, id));
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
