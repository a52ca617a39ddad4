import type { Database } from '../../db/client';
import { runEvery } from '../../lib/run-every';
import { yieldToOthers } from '../../lib/slices';
import { prepareInvitations, queueInvitations } from './invitations';
import * as repo from './pending-invitations.repository';

/** Invitations written per transaction: a short hold on the embedded database's one connection. */
const SEND_BATCH = 500;

export const holdInvitations = repo.insertPendingInvitations;

/**
 * Writes the owed invitations (tokens and outbox mails) a batch per transaction, letting other
 * requests go between batches, until none is left; answers how many were written. An account's
 * mail and the removal of its pending row commit together, so each is written exactly once.
 */
export async function sendPendingInvitations(db: Database, publicUrl: string): Promise<number> {
  let sent = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const invitees = await repo.claimPendingInvitations(tx, SEND_BATCH);
      for (const eventId of new Set(invitees.map((invitee) => invitee.eventId))) {
        const group = invitees.filter((invitee) => invitee.eventId === eventId);
        await queueInvitations(tx, await prepareInvitations(tx, group, eventId, publicUrl));
      }
      if (invitees.length > 0)
        await repo.deletePendingInvitations(
          tx,
          invitees.map((invitee) => invitee.adminId),
        );
      return invitees.length;
    });
    sent += count;
    if (count < SEND_BATCH) return sent;
    await yieldToOthers();
  }
}

/** Sends invitations a crash left owed, every `intervalMs` on `runEvery`'s terms; returns its stop function. */
export function startInvitationSweeper(options: {
  db: Database;
  publicUrl: string;
  intervalMs: number;
  onError: (error: unknown) => void;
}): () => Promise<void> {
  return runEvery(options.intervalMs, () => sendPendingInvitations(options.db, options.publicUrl), options.onError);
}
