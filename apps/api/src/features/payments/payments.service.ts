import {
  DEFAULT_INVOICE_DESCRIPTION,
  type AllocationPurchase,
  type createPaymentBodySchema,
  type PaymentProviderName,
  type PaymentToken,
  type PublicPaymentStatusBody,
  type refundBodySchema,
  type SandboxSession,
} from '@portal/shared/allocation-purchases';
import { formatInvoiceAmount } from '@portal/shared/money';
import type Stripe from 'stripe';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError, ConflictError, NotFoundError, ValidationError, withUniqueConflict } from '../../lib/errors';
import { recordAudit } from '../audit/audit.repository';
import { scopeOf } from '../auth/scope';
import { enqueueEmail } from '../email/email.repository';
import { shrinkAllocation } from '../allocation-purchases/allocation-growth';
import * as purchases from '../allocation-purchases/allocation-purchases.repository';
import { assertCanStart, planRefund, publicPaymentStatus } from '../allocation-purchases/allocation-purchases.rules';
import {
  applyPayment,
  assertOrganiser,
  holderOf,
  loadPurchase,
  withDocuments,
} from '../allocation-purchases/allocation-purchases.service';
import { latePaymentEmails, refundedEmail } from '../allocation-purchases/purchase-emails';
import { issueCreditNote } from '../invoices/documents';
import { findInvoiceByNumber } from '../invoices/invoices.repository';
import type { PaymentProvider, PaymentProviders, PaymentTruth } from './payment-provider';
import * as repo from './payments.repository';
import { verifyStripeEvent } from './stripe-provider';

export type PaymentsOptions = {
  db: Database;
  publicUrl: string;
  providers: PaymentProviders;
  /** STRIPE_WEBHOOK_SECRET; webhooks are refused without it. */
  stripeWebhookSecret?: string;
};

type CreatePaymentBody = z.infer<typeof createPaymentBodySchema>;
type RefundBody = z.infer<typeof refundBodySchema>;

const PUBLIC_SYNC_ATTEMPTS = 3;

const STRIPE_SESSION_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

/** A provider's own failure (network, refusal) as a 503 naming it; the caller's transaction rolls back. */
async function atProvider<T>(provider: PaymentProvider, what: string, call: () => Promise<T>): Promise<T> {
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

export function createPaymentsService({ db, publicUrl, providers, stripeWebhookSecret }: PaymentsOptions) {
  function providerFor(name: PaymentProviderName): PaymentProvider {
    const provider = providers.byName[name];
    if (!provider) throw new AppError(503, 'Service Unavailable', `The ${name} payment provider is not configured`);
    return provider;
  }

  /** An amount the provider that took the money cannot give back (Stripe: KWD in tens of fils) is refused before anything moves. */
  function assertProviderStep(purchase: purchases.PurchaseRow, amount: number) {
    if (!purchase.paymentProvider) return;
    const provider = providerFor(purchase.paymentProvider);
    const step = provider.minorUnitStep(purchase.currency);
    if (amount % step === 0) return;
    const message = `Payments through ${provider.name} take ${purchase.currency} in steps of ${formatInvoiceAmount(step, purchase.currency)}`;
    throw ValidationError.field('amount', message);
  }

  async function purchaseInScope(actor: Actor, id: number) {
    const row = await purchases.findPurchase(db, id, purchases.purchaseScopeFilter(scopeOf(actor.principal)));
    if (!row) throw new NotFoundError('Allocation purchase');
    return row;
  }

  async function present(id: number): Promise<AllocationPurchase> {
    const [purchase] = await withDocuments(db, [await loadPurchase(db, id)]);
    return purchase!;
  }

  /** Money arrived for a purchase that is no longer approved: give it back and tell the organisers. */
  async function refundLatePayment(
    tx: Database,
    attempt: repo.PaymentAttemptRow,
    truth: PaymentTruth,
    purchase: purchases.PurchaseRow,
  ) {
    let refunded = false;
    let failure: string | null = null;
    try {
      const result = await providerFor(attempt.provider).refund(tx, {
        externalId: attempt.externalId,
        paymentReference: truth.paymentReference,
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
   * Asks the provider what became of one attempt and applies its answer once: the attempt leaves
   * `open` by a conditional UPDATE, so a webhook, the sync call and a retry racing each other
   * apply the same payment a single time.
   */
  async function syncAttempt(attempt: repo.PaymentAttemptRow, actor: Actor | null): Promise<void> {
    if (attempt.state !== 'open') return;
    const provider = providerFor(attempt.provider);
    const truth = await atProvider(provider, 'report the payment', () => provider.fetchPayment(db, attempt.externalId));
    if (truth.state === 'open') return;
    await db.transaction(async (tx) => {
      if (
        !(await repo.settleAttempt(
          tx,
          attempt.id,
          truth.state as Exclude<PaymentTruth['state'], 'open'>,
          truth.paymentReference,
        ))
      )
        return;
      if (truth.state !== 'succeeded') {
        const purchase = await loadPurchase(tx, attempt.allocationPurchaseId);
        await recordAudit(tx, actor, {
          action: `payment_${truth.state}`,
          entityType: 'allocation_purchase',
          entityId: purchase.id,
          eventId: purchase.eventId,
          after: { attemptId: attempt.id, provider: attempt.provider },
        });
        return;
      }
      const result = await applyPayment(
        tx,
        actor,
        attempt.allocationPurchaseId,
        { provider: attempt.provider, reference: truth.paymentReference ?? attempt.externalId },
        publicUrl,
      );
      if (!result.applied) await refundLatePayment(tx, attempt, truth, result.purchase);
    });
  }

  /** The provider refunded money the portal did not ask for (e.g. from Stripe's dashboard): record it. */
  async function syncProviderRefunds(attempt: repo.PaymentAttemptRow): Promise<void> {
    if (attempt.state !== 'succeeded') return;
    const truth = await providerFor(attempt.provider).fetchPayment(db, attempt.externalId);
    if (truth.refundedCents == null) return;
    await db.transaction(async (tx) => {
      await purchases.lockPurchase(tx, attempt.allocationPurchaseId);
      const extra = truth.refundedCents! - (await repo.refundedFor(tx, attempt.id));
      const purchase = await loadPurchase(tx, attempt.allocationPurchaseId);
      if (extra <= 0 || (purchase.status !== 'paid' && purchase.status !== 'partially_refunded')) return;
      if (purchase.paymentReference !== truth.paymentReference) return;
      const plan = planRefund(
        refundState(purchase),
        Math.min(extra, purchase.amountToPayCents! - purchase.refundedCents),
      );
      const taken = await shrinkAllocation(tx, holderOf(purchase), plan.places, true);
      await purchases.transition(tx, purchase.id, ['paid', 'partially_refunded'], {
        status: plan.status,
        refundedCents: plan.refundedAfter,
        placesRemoved: purchase.placesRemoved + taken,
      });
      const amount = plan.refundedAfter - purchase.refundedCents;
      const reason = 'Refunded at the payment provider';
      const note = await creditNoteFor(tx, purchase, amount, taken, reason);
      await repo.insertRefund(tx, {
        allocationPurchaseId: purchase.id,
        paymentAttemptId: attempt.id,
        provider: attempt.provider,
        amountCents: amount,
        placesRemoved: taken,
        reason,
        kind: 'provider',
        state: 'succeeded',
      });
      await recordAudit(tx, null, {
        action: 'refund',
        entityType: 'allocation_purchase',
        entityId: purchase.id,
        eventId: purchase.eventId,
        before: { status: purchase.status, refunded_amount: purchase.refundedCents },
        after: {
          status: plan.status,
          refunded_amount: plan.refundedAfter,
          placesRemoved: taken,
          placesKept: plan.places - taken,
          creditNote: note,
        },
      });
      await enqueueEmail(tx, await refundedEmail(tx, purchase, amount, note ?? '—', publicUrl));
    });
  }

  async function creditNoteFor(
    tx: Database,
    purchase: purchases.PurchaseRow,
    amount: number,
    places: number,
    reason: string,
  ) {
    const invoice = purchase.invoiceNumber
      ? await findInvoiceByNumber(tx, purchase.eventId, purchase.invoiceNumber)
      : undefined;
    if (!invoice) return null;
    return (await issueCreditNote(tx, purchase, invoice, { kind: 'refund', amountCents: amount, places, reason }))
      .number;
  }

  function refundState(purchase: purchases.PurchaseRow) {
    return {
      status: purchase.status,
      currency: purchase.currency,
      unitPriceCents: purchase.unitPriceCents,
      acceptedAmount: purchase.acceptedAmount ?? 0,
      amountToPayCents: purchase.amountToPayCents ?? 0,
      refundedCents: purchase.refundedCents,
      placesRemoved: purchase.placesRemoved,
    };
  }

  /**
   * Anyone may call the public sync, as often as they like: it asks the provider about the latest
   * few open checkouts only (the payer's return is about the newest), so a purchase with many
   * abandoned checkouts cannot be used to flood the provider. Older ones settle by webhook.
   */
  async function syncPurchase(purchaseId: number): Promise<void> {
    const open = (await repo.attemptsOf(db, purchaseId)).filter((attempt) => attempt.state === 'open');
    for (const attempt of open.slice(0, PUBLIC_SYNC_ATTEMPTS)) {
      try {
        await syncAttempt(attempt, null);
      } catch (error) {
        // An unreachable provider leaves the attempt open (the webhook settles it later); its
        // message, which may describe the installation's account, is not for anonymous callers.
        if (!(error instanceof AppError && error.statusCode === 503)) throw error;
      }
    }
  }

  async function publicStatus(purchaseId: number): Promise<PublicPaymentStatusBody> {
    const purchase = await loadPurchase(db, purchaseId);
    const [latest] = await repo.attemptsOf(db, purchaseId);
    return {
      status: publicPaymentStatus(purchase.status, latest?.state === 'failed'),
      amount: purchase.amountToPayCents ?? purchase.totalPriceCents,
      currency: purchase.currency,
      eventName: purchase.eventName,
    };
  }

  /** A refund the provider could not carry out: recorded and reported, for the organiser to settle by hand. */
  async function markRefundFailedIfSo(refund: Stripe.Refund): Promise<void> {
    if (refund.status !== 'failed' && refund.status !== 'canceled') return;
    const row = await repo.findRefundByExternalId(db, 'stripe', refund.id);
    if (!row) return;
    // Confirmed with the provider: the event's body alone is not trusted.
    if ((await providerFor('stripe').fetchRefund(db, refund.id)) !== 'failed') return;
    await db.transaction(async (tx) => {
      if (!(await repo.setRefundState(tx, row.id, ['pending', 'succeeded'], 'failed'))) return;
      const purchase = await loadPurchase(tx, row.allocationPurchaseId);
      await recordAudit(tx, null, {
        action: 'refund_failed',
        entityType: 'allocation_purchase',
        entityId: purchase.id,
        eventId: purchase.eventId,
        after: { refundId: row.id, externalId: refund.id, amount: row.amountCents },
      });
    });
  }

  /**
   * The sandbox checkout lets anyone holding the link declare a payment made, so it exists only
   * while the sandbox is the active provider: a session left from before a switch to Stripe or
   * bank transfers must not become a way to get places without paying.
   */
  async function openableSandboxSession(sessionId: string) {
    const session = providers.active.name === 'sandbox' ? await repo.findSandboxSession(db, sessionId) : undefined;
    if (!session) throw new NotFoundError('Checkout session');
    return session;
  }

  return {
    /** Starts paying an approved purchase with the configured provider and says where to pay. */
    async startPayment(actor: Actor, purchaseId: number): Promise<PaymentToken> {
      const purchase = await purchaseInScope(actor, purchaseId);
      assertCanStart('pay', purchase.status);
      const provider = providers.active;
      const request = {
        purchaseId,
        amountCents: purchase.amountToPayCents!,
        currency: purchase.currency,
        description: `${DEFAULT_INVOICE_DESCRIPTION}: ${purchase.acceptedAmount} × ${purchase.categoryDisplayName ?? purchase.categoryName}`,
        eventName: purchase.eventName,
        invoiceNumber: purchase.invoiceNumber,
        customerEmail: purchase.requesterEmail,
        returnUrl: `${publicUrl.replace(/\/+$/, '')}/payment-status/${purchaseId}`,
        idempotencyKey: `checkout-${purchaseId}-${Date.now()}`,
      };
      if (provider.name === 'manual') {
        const start = await provider.startCheckout(db, request);
        return { provider: 'manual', url: null, instructions: start.instructions };
      }
      const start = await db.transaction(async (tx) => {
        const started = await atProvider(provider, 'start the checkout', () => provider.startCheckout(tx, request));
        const attempt = await repo.insertAttempt(tx, {
          allocationPurchaseId: purchaseId,
          provider: provider.name,
          externalId: started.externalId,
          amountCents: request.amountCents,
          currency: purchase.currency,
          createdByAdminId: actor.principal.id,
        });
        await recordAudit(tx, actor, {
          action: 'start_payment',
          entityType: 'allocation_purchase',
          entityId: purchaseId,
          eventId: purchase.eventId,
          after: { attemptId: attempt.id, provider: provider.name, amount: request.amountCents },
        });
        return started;
      });
      return { provider: provider.name, url: start.url, instructions: start.instructions };
    },

    /** The public status page's call: asks the provider about open attempts, applies the truth, answers the status. */
    async syncPayment(purchaseId: number): Promise<PublicPaymentStatusBody> {
      await loadPurchase(db, purchaseId);
      await syncPurchase(purchaseId);
      return publicStatus(purchaseId);
    },

    publicStatus,

    /** An organiser records a bank transfer (the manual provider). */
    async recordManualPayment(actor: Actor, body: CreatePaymentBody): Promise<AllocationPurchase> {
      assertOrganiser(actor);
      const purchase = await purchaseInScope(actor, body.allocationPurchaseId);
      assertCanStart('pay', purchase.status);
      const paidAt = body.paidAt ? new Date(body.paidAt) : new Date();
      if (paidAt.getTime() > Date.now() + 60_000)
        throw ValidationError.field('paidAt', 'The payment date cannot be in the future');
      await withUniqueConflict(
        () =>
          db.transaction(async (tx) => {
            await repo.insertAttempt(tx, {
              allocationPurchaseId: purchase.id,
              provider: 'manual',
              externalId: body.reference,
              paymentReference: body.reference,
              amountCents: purchase.amountToPayCents!,
              currency: purchase.currency,
              state: 'succeeded',
              createdByAdminId: actor.principal.id,
            });
            const result = await applyPayment(
              tx,
              actor,
              purchase.id,
              { provider: 'manual', reference: body.reference, paidAt },
              publicUrl,
            );
            if (!result.applied) {
              assertCanStart('pay', result.purchase.status);
              throw new ConflictError('This purchase changed meanwhile; reload it and try again');
            }
          }),
        () => new ConflictError('A payment with this reference is already recorded', 'reference'),
        'payment_attempts_provider_external_key',
      );
      return present(purchase.id);
    },

    /**
     * Refunds part or all of a paid purchase through the provider that took the money. The
     * allocation gives back only unused places (422 otherwise) and a credit note is issued; the
     * provider is called last, inside the transaction, so a refusal there changes nothing here.
     */
    async refund(actor: Actor, purchaseId: number, body: RefundBody): Promise<AllocationPurchase> {
      assertOrganiser(actor);
      await purchaseInScope(actor, purchaseId);
      await db.transaction(async (tx) => {
        await purchases.lockPurchase(tx, purchaseId);
        const purchase = await loadPurchase(tx, purchaseId);
        const plan = planRefund(refundState(purchase), body.amount);
        assertProviderStep(purchase, body.amount);
        await shrinkAllocation(tx, holderOf(purchase), plan.places);
        await purchases.transition(tx, purchaseId, ['paid', 'partially_refunded'], {
          status: plan.status,
          refundedCents: plan.refundedAfter,
          placesRemoved: purchase.placesRemoved + plan.places,
        });
        const note = await creditNoteFor(tx, purchase, body.amount, plan.places, body.reason);
        const attempt = (await repo.attemptsOf(tx, purchaseId)).find(
          (a) =>
            a.state === 'succeeded' &&
            a.provider === purchase.paymentProvider &&
            (a.paymentReference ?? a.externalId) === purchase.paymentReference,
        );
        const provider = purchase.paymentProvider ? providerFor(purchase.paymentProvider) : null;
        const result =
          provider && attempt
            ? await atProvider(provider, 'refund', () =>
                provider.refund(tx, {
                  externalId: attempt.externalId,
                  paymentReference: attempt.paymentReference,
                  amountCents: body.amount,
                  idempotencyKey: `refund-${purchaseId}-${plan.refundedAfter}`,
                }),
              )
            : { externalId: null, state: 'succeeded' as const };
        await repo.insertRefund(tx, {
          allocationPurchaseId: purchaseId,
          paymentAttemptId: attempt?.id ?? null,
          provider: purchase.paymentProvider ?? 'manual',
          externalId: result.externalId,
          amountCents: body.amount,
          placesRemoved: plan.places,
          reason: body.reason,
          kind: 'requested',
          state: result.state,
          createdByAdminId: actor.principal.id,
        });
        await recordAudit(tx, actor, {
          action: 'refund',
          entityType: 'allocation_purchase',
          entityId: purchaseId,
          eventId: purchase.eventId,
          before: { status: purchase.status, refunded_amount: purchase.refundedCents },
          after: {
            status: plan.status,
            refunded_amount: plan.refundedAfter,
            placesRemoved: plan.places,
            creditNote: note,
            reason: body.reason,
          },
        });
        await enqueueEmail(tx, await refundedEmail(tx, purchase, body.amount, note ?? '—', publicUrl));
      });
      return present(purchaseId);
    },

    async getSandboxSession(sessionId: string): Promise<SandboxSession> {
      const session = await openableSandboxSession(sessionId);
      const purchase = await loadPurchase(db, session.allocationPurchaseId);
      return {
        amount: session.amountCents,
        currency: session.currency,
        eventName: purchase.eventName,
        description: session.description,
        state: session.state,
      };
    },

    /** The sandbox payer's choice; then applied exactly as a provider's webhook would be. */
    async completeSandboxSession(
      sessionId: string,
      outcome: 'success' | 'failure' | 'abandon',
    ): Promise<{ redirectUrl: string }> {
      const session = await openableSandboxSession(sessionId);
      const state = ({ success: 'succeeded', failure: 'failed', abandon: 'abandoned' } as const)[outcome];
      if (!(await repo.settleSandboxSession(db, sessionId, state)))
        throw new ConflictError('This checkout is already finished');
      const attempt = await repo.findAttempt(db, 'sandbox', sessionId);
      if (attempt) await syncAttempt(attempt, null);
      return { redirectUrl: `/payment-status/${session.allocationPurchaseId}` };
    },

    /**
     * A Stripe webhook delivery: the signature (and its age) is verified, a delivery already
     * processed is ignored, and the event only says what to ask Stripe about: the state applied is
     * the one read back from Stripe, so a forged or replayed body changes nothing.
     */
    async handleStripeWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
      if (!stripeWebhookSecret || !providers.byName.stripe) throw new NotFoundError('Stripe webhook');
      let event: Stripe.Event;
      try {
        event = verifyStripeEvent(rawBody, signature ?? '', stripeWebhookSecret);
      } catch {
        throw new ValidationError('Invalid Stripe signature');
      }
      if (await repo.webhookEventSeen(db, 'stripe', event.id)) return;
      if (STRIPE_SESSION_EVENTS.has(event.type)) {
        const session = event.data.object as Stripe.Checkout.Session;
        const attempt = await repo.findAttempt(db, 'stripe', session.id);
        if (attempt) await syncAttempt(attempt, null);
      } else if (event.type === 'charge.refunded' || event.type === 'refund.updated') {
        const object = event.data.object as Stripe.Charge | Stripe.Refund;
        const intent = typeof object.payment_intent === 'string' ? object.payment_intent : object.payment_intent?.id;
        const attempt = intent ? await repo.findAttemptByReference(db, 'stripe', intent) : undefined;
        if (event.type === 'refund.updated') await markRefundFailedIfSo(object as Stripe.Refund);
        if (attempt) await syncProviderRefunds(attempt);
      }
      await repo.rememberWebhookEvent(db, 'stripe', event.id, event.type);
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
