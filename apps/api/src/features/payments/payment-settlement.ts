import type { PaymentProviderName } from '@portal/shared/allocation-purchases';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/audit.repository';
import * as purchases from '../allocation-purchases/allocation-purchases.repository';
import { applyPayment, loadPurchase } from '../allocation-purchases/allocation-purchases.service';
import { latePaymentEmails } from '../allocation-purchases/purchase-emails';
import { enqueueEmail } from '../email/email.repository';
import type { PaymentProvider, PaymentProviders, PaymentTruth } from './payment-provider';
import * as repo from './payments.repository';

/** A provider's own failure (network, refusal) as a 503 naming it; the caller's transaction rolls back. */
export async function atProvider<T>(provider: PaymentProvider, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError(
      503,
      'Service Unavailable',
      `The ${provider.name} payment provider could not ${what}: ${reason}`,
    );
  }
}

/**
 * What the portal does with a provider's answer about a payment attempt, shared by the webhook,
 * the status page's sync, the sandbox checkout and the background sweep. The outcome is recorded
 * and acted on in one transaction: a payment is never recorded as received without the purchase
 * being paid (or the money given back) in the same commit.
 */
export function createPaymentSettlement({
  db,
  publicUrl,
  providers,
}: {
  db: Database;
  publicUrl: string;
  providers: PaymentProviders;
}) {
  /** The provider a stored payment used; 503 when it is not configured here (Stripe without its key). */
  function providerFor(name: PaymentProviderName): PaymentProvider {
    const provider = providers.byName[name];
    if (!provider) throw new AppError(503, 'Service Unavailable', `The ${name} payment provider is not configured`);
    return provider;
  }

  /** Money arrived for a purchase that is no longer approved: give it back and tell the organisers. */
  async function refundLatePayment(
    tx: Database,
    attempt: repo.PaymentAttemptRow,
    paymentReference: string | null,
    purchase: purchases.PurchaseRow,
  ) {
    let refunded = false;
    let failure: string | null = null;
    try {
      const result = await providerFor(attempt.provider).refund(tx, {
        externalId: attempt.externalId,
        paymentReference,
        amountCents: attempt.amountCents,
        idempotencyKey: `late-payment-${attempt.id}`,
      });
      await repo.insertRefund(tx, {
        allocationPurchaseId: purchase.id,
        paymentAttemptId: attempt.id,
        provider: attempt.provider,
        externalId: result.externalId,
        amountCents: attempt.amountCents,
        reason: `Payment received while the purchase was ${purchase.status}`,
        kind: 'late_payment',
        state: result.state,
      });
      refunded = true;
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    await recordAudit(tx, null, {
      action: refunded ? 'late_payment_refunded' : 'late_payment_refund_failed',
      entityType: 'allocation_purchase',
      entityId: purchase.id,
      eventId: purchase.eventId,
      exhibitorId: purchase.exhibitorId,
      after: {
        status: purchase.status,
        attemptId: attempt.id,
        amount: attempt.amountCents,
        provider: attempt.provider,
        failure,
      },
    });
    const organisers = await purchases.organiserEmails(tx, purchase.eventId);
    for (const email of latePaymentEmails(purchase, organisers, attempt.amountCents, refunded, publicUrl))
      await enqueueEmail(tx, email);
  }

  /**
   * Acts on a succeeded attempt inside the caller's transaction: the purchase is paid and its
   * allocation grows, or, when it is no longer approved, the money goes back. Then the attempt is
   * marked applied, in the same commit.
   */
  async function applySucceeded(
    tx: Database,
    attempt: repo.PaymentAttemptRow,
    paymentReference: string | null,
    actor: Actor | null,
  ): Promise<void> {
    const result = await applyPayment(
      tx,
      actor,
      attempt.allocationPurchaseId,
      { provider: attempt.provider, reference: paymentReference ?? attempt.externalId },
      publicUrl,
    );
    if (!result.applied) await refundLatePayment(tx, attempt, paymentReference, result.purchase);
    await repo.markApplied(tx, attempt.id);
  }

  /**
   * Records the provider's answer about an open attempt and acts on it, in the caller's
   * transaction. The attempt leaves `open` by a conditional UPDATE, so of a webhook, the sync call
   * and a retry racing each other only one applies the payment. Answers whether this call settled it.
   */
  async function recordOutcome(
    tx: Database,
    attempt: repo.PaymentAttemptRow,
    truth: PaymentTruth,
    actor: Actor | null,
  ): Promise<boolean> {
    if (truth.state === 'open') return false;
    if (!(await repo.settleAttempt(tx, attempt.id, truth.state, truth.paymentReference))) return false;
    if (truth.state === 'succeeded') {
      await applySucceeded(tx, attempt, truth.paymentReference, actor);
      return true;
    }
    const purchase = await loadPurchase(tx, attempt.allocationPurchaseId);
    await recordAudit(tx, actor, {
      action: `payment_${truth.state}`,
      entityType: 'allocation_purchase',
      entityId: purchase.id,
      eventId: purchase.eventId,
      exhibitorId: purchase.exhibitorId,
      after: { attemptId: attempt.id, provider: attempt.provider },
    });
    return true;
  }

  /** Asks the provider what became of one open attempt and records and applies its answer. */
  async function syncAttempt(attempt: repo.PaymentAttemptRow, actor: Actor | null): Promise<void> {
    if (attempt.state !== 'open') return;
    const provider = providerFor(attempt.provider);
    const truth = await atProvider(provider, 'report the payment', () => provider.fetchPayment(db, attempt.externalId));
    if (truth.state === 'open') return;
    await db.transaction((tx) => recordOutcome(tx, attempt, truth, actor));
  }

  return { providerFor, applySucceeded, recordOutcome, syncAttempt };
}

export type PaymentSettlement = ReturnType<typeof createPaymentSettlement>;
