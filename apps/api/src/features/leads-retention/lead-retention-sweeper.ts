import type { Database } from '../../db/client';
import { runEvery } from '../../lib/run-every';
import { enqueueEmails } from '../email/email.repository';
import { leadPurgeReminder } from './lead-purge-reminder';
import * as repo from './leads-retention.repository';

/** Exhibitors reminded per transaction, and leads deleted per statement: no round holds a lock for long. */
const REMINDER_BATCH = 100;
const PURGE_BATCH = 5000;
/** Batches per round at most; what is left waits for the next round. */
const ROUND_LIMIT = 200;

/**
 * One round of lead retention (docs/leads.md#retention-and-purge) as of `now`: first the reminders
 * that are due, each exhibitor claimed and its mail queued in one transaction, so that a crash sends
 * neither and two processes never send one twice; then the leads whose purge time has come, in
 * batches (a purge cut short goes on at the next round). Answers what it did.
 */
export async function sweepLeadRetention(options: { db: Database; publicUrl: string; now?: Date }): Promise<{ reminded: number; purged: number }> {
  const { db, publicUrl } = options;
  const now = options.now ?? new Date();
  let reminded = 0;
  for (let round = 0; round < ROUND_LIMIT; round += 1) {
    const claimed = await db.transaction(async (tx) => {
      const ids = await repo.claimDueReminders(tx, now, REMINDER_BATCH);
      const recipients = await repo.findReminderRecipients(tx, ids);
      await enqueueEmails(
        tx,
        recipients.map((recipient) => leadPurgeReminder(recipient, publicUrl)),
      );
      return ids.length;
    });
    reminded += claimed;
    if (claimed === 0) break;
  }
  let purged = 0;
  for (let round = 0; round < ROUND_LIMIT; round += 1) {
    const deleted = await repo.deletePurgeableLeads(db, now, PURGE_BATCH);
    purged += deleted;
    if (deleted < PURGE_BATCH) break;
  }
  return { reminded, purged };
}

/** Sweeps every `intervalMs` on `runEvery`'s terms (never at start); returns its stop function. */
export function startLeadRetentionSweeper(options: {
  db: Database;
  publicUrl: string;
  intervalMs: number;
  onError: (error: unknown) => void;
}): () => Promise<void> {
  return runEvery(options.intervalMs, () => sweepLeadRetention(options), options.onError);
}
