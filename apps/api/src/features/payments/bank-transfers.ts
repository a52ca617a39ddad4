import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { ConflictError } from '../../lib/errors';
import type { PurchaseRow } from '../allocation-purchases/allocation-purchases.repository';
import { assertCanStart } from '../allocation-purchases/allocation-purchases.rules';
import { applyPayment } from '../allocation-purchases/allocation-purchases.service';
import * as repo from './payments.repository';

export type BankTransfer = {
  /** Unique among the manual provider's attempts: the typed reference, or a bank line's own key. */
  externalId: string;
  /** What the purchase shows as its payment reference. */
  reference: string;
  paidAt: Date;
};

/**
 * Records a bank transfer received for an approved purchase inside the caller's transaction: the
 * succeeded attempt, then the payment applied as every provider's is (status, allocation, paid
 * mail, audit). A purchase that is no longer approved fails the whole transaction, so a transfer
 * recorded by hand and one read from a statement never pay a purchase twice.
 */
export async function recordBankTransfer(
  tx: Database,
  actor: Actor,
  purchase: PurchaseRow,
  transfer: BankTransfer,
  publicUrl: string,
): Promise<number> {
  const attempt = await repo.insertAttempt(tx, {
    allocationPurchaseId: purchase.id,
    provider: 'manual',
    externalId: transfer.externalId,
    paymentReference: transfer.reference,
    amountCents: purchase.amountToPayCents!,
    currency: purchase.currency,
    state: 'succeeded',
    createdByAdminId: actor.principal.id,
    appliedAt: new Date(),
  });
  const result = await applyPayment(
    tx,
    actor,
    purchase.id,
    { provider: 'manual', reference: transfer.reference, paidAt: transfer.paidAt },
    publicUrl,
  );
  if (!result.applied) {
    assertCanStart('pay', result.purchase.status);
    throw new ConflictError('This purchase changed meanwhile; reload it and try again');
  }
  return attempt.id;
}
