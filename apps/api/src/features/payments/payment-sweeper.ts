import type { Database } from '../../db/client';
import type { PaymentSettlement } from './payment-settlement';
import * as repo from './payments.repository';
import { runEvery } from '../../lib/run-every';

/** Attempts settled per round at most, so that one round never holds a process for long. */
const ROUND_LIMIT = 200;

/**
 * Settles what a crash left half done: a succeeded attempt nobody acted on (the purchase not paid,
 * a late payment not given back), and a sandbox checkout the payer finished whose attempt is still
 * open. Each is claimed with `FOR UPDATE SKIP LOCKED` and settled in its own transaction, so
 * several processes sweep side by side and each attempt is applied once. An attempt that fails is
 * passed over until the next round. Answers how many were settled.
 */
export async function settleUnappliedPayments(
  db: Database,
  settlement: PaymentSettlement,
  onError: (error: unknown) => void = () => {},
): Promise<number> {
  let settled = 0;
  async function sweep(
    claimNext: (tx: Database, afterId: number) => Promise<repo.PaymentAttemptRow | undefined>,
    settle: (tx: Database, attempt: repo.PaymentAttemptRow) => Promise<boolean>,
  ) {
    let afterId = 0;
    for (let round = 0; round < ROUND_LIMIT; round += 1) {
      let claimed: repo.PaymentAttemptRow | undefined;
      try {
        const done = await db.transaction(async (tx) => {
          claimed = await claimNext(tx, afterId);
          return claimed ? settle(tx, claimed) : false;
        });
        if (done) settled += 1;
      } catch (error) {
        onError(error);
      }
      if (!claimed) return;
      afterId = claimed.id;
    }
  }

  await sweep(repo.claimUnappliedAttempt, async (tx, attempt) => {
    await settlement.applySucceeded(tx, attempt, attempt.paymentReference, null);
    return true;
  });
  await sweep(repo.claimFinishedSandboxAttempt, async (tx, attempt) => {
    const truth = await settlement.providerFor('sandbox').fetchPayment(tx, attempt.externalId);
    return settlement.recordOutcome(tx, attempt, truth, null);
  });
  return settled;
}

/** Sweeps every `intervalMs` on `runEvery`'s terms (never at start); returns its stop function. */
export function startPaymentSweeper(options: {
  db: Database;
  settlement: PaymentSettlement;
  intervalMs: number;
  onError: (error: unknown) => void;
}): () => Promise<void> {
  return runEvery(options.intervalMs, () => settleUnappliedPayments(options.db, options.settlement, options.onError), options.onError);
}
