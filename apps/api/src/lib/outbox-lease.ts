import { sql } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The pieces the database outboxes (email, webhooks) share. A worker claims due rows with
 * `FOR UPDATE SKIP LOCKED` and pushes their next attempt a lease ahead, so several API processes
 * share an outbox without sending a row twice and a crashed worker's rows come back after a while.
 */

/** The end of a lease from now, in whole milliseconds so that it reads back exactly (it is the claim's token). */
export const leaseEnd = (leaseSeconds: number) =>
  sql`date_trunc('milliseconds', now()) + make_interval(secs => ${leaseSeconds})`;

const FIRST_DELAY_MS = 200;
const MAX_DELAY_MS = 5_000;

/**
 * Runs a write, retrying with back-off until `deadline` (epoch ms): what was sent must be recorded
 * as sent, the database being away for a moment (a restart takes seconds) notwithstanding.
 */
export async function retryUntil(deadline: number, write: () => Promise<unknown>): Promise<void> {
  for (let delay = FIRST_DELAY_MS; ; delay = Math.min(delay * 2, MAX_DELAY_MS)) {
    try {
      await write();
      return;
    } catch (error) {
      if (Date.now() + delay > deadline) throw error;
      await sleep(delay);
    }
  }
}
