import {
  DEFAULT_INVOICE_DESCRIPTION,
  type AllocationPurchase,
  type createPaymentBodySchema,
  type PaymentSettings,
  type PaymentToken,
  type refundBodySchema,
  type SandboxSession,
} from '@portal/shared/allocation-purchases';
import { formatInvoiceAmount } from '@portal/shared/money';
import type Stripe from 'stripe';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { ConflictError, NotFoundError, ValidationError, withUniqueConflict } from '../../lib/errors';
import { recordAudit } from '../audit/audit.repository';
import { scopeOf } from '../auth/scope';
import { enqueueEmail } from '../email/email.repository';
import { shrinkAllocation } from '../allocation-purchases/allocation-growth';
import * as purchases from '../allocation-purchases/allocation-purchases.repository';
import { assertCanStart, planRefund } from '../allocation-purchases/allocation-purchases.rules';
import {
  assertOrganiser,
  holderOf,
  loadPurchase,
  withDocuments,
} from '../allocation-purchases/allocation-purchases.service';
import { refundedEmail } from '../allocation-purchases/purchase-emails';
import { issueCreditNote } from '../invoices/documents';
import { findInvoiceByNumber } from '../invoices/invoices.repository';
import type { PaymentStatusLinks } from './payment-links';
import type { PaymentProviders } from './payment-provider';
import { recordBankTransfer } from './bank-transfers';
import { atProvider, type PaymentSettlement } from './payment-settlement';
import * as repo from './payments.repository';
import { verifyStripeEvent } from './stripe-provider';

export type PaymentsOptions = {
  db: Database;
  publicUrl: string;
  providers: PaymentProviders;
  settlement: PaymentSettlement;
  statusLinks: PaymentStatusLinks;
  /** STRIPE_WEBHOOK_SECRET; webhooks are refused without it. */
  stripeWebhookSecret?: string;
};

type CreatePaymentBody = z.infer<typeof createPaymentBodySchema>;
type RefundBody = z.infer<typeof refundBodySchema>;

const STRIPE_SESSION_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

/** Starting payments, bank transfers, refunds, the sandbox checkout and Stripe's webhooks. */
export function createPaymentsService({
  db,
  publicUrl,
  providers,
  settlement,
  statusLinks,
  stripeWebhookSecret,
}: PaymentsOptions) {
  const { providerFor, syncAttempt } = settlement;

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
      const note = await creditNoteFor(tx, purchase, amount, reason);
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
        exhibitorId: purchase.exhibitorId,
        before: { status: purchase.status, refunded_amount: purchase.refundedCents },
        after: {
          status: plan.status,
          refunded_amount: plan.refundedAfter,
          placesRemoved: taken,
          placesKept: plan.places - taken,
          creditNote: note?.number ?? null,
        },
      });
      await enqueueEmail(tx, await refundedEmail(tx, purchase, amount, note, publicUrl));
    });
  }

  async function creditNoteFor(tx: Database, purchase: purchases.PurchaseRow, amount: number, reason: string) {
    const invoice = purchase.invoiceNumber
      ? await findInvoiceByNumber(tx, purchase.eventId, purchase.invoiceNumber)
      : undefined;
    if (!invoice) return null;
    return issueCreditNote(tx, purchase, invoice, { kind: 'refund', amountCents: amount, reason });
  }

  function refundState(purchase: purchases.PurchaseRow) {
    return {
      status: purchase.status,
      currency: purchase.currency,
      acceptedAmount: purchase.acceptedAmount ?? 0,
      amountToPayCents: purchase.amountToPayCents ?? 0,
      refundedCents: purchase.refundedCents,
      placesRemoved: purchase.placesRemoved,
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
        exhibitorId: purchase.exhibitorId,
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
    /** The provider new checkouts go to, and whether its payments are only tests. */
    settings(): PaymentSettings {
      return { provider: providers.active.name, testPayments: providers.testPayments };
    },

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
        // The signed status link: the payer comes back to a page only this link opens.
        returnUrl: `${publicUrl.replace(/\/+$/, '')}${statusLinks.statusPath(purchaseId)}`,
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
          exhibitorId: purchase.exhibitorId,
          after: { attemptId: attempt.id, provider: provider.name, amount: request.amountCents },
        });
        return started;
      });
      return { provider: provider.name, url: start.url, instructions: start.instructions };
    },

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
          db.transaction((tx) =>
            recordBankTransfer(tx, actor, purchase, { externalId: body.reference, reference: body.reference, paidAt }, publicUrl),
          ),
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
        const note = await creditNoteFor(tx, purchase, body.amount, body.reason);
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
          exhibitorId: purchase.exhibitorId,
          before: { status: purchase.status, refunded_amount: purchase.refundedCents },
          after: {
            status: plan.status,
            refunded_amount: plan.refundedAfter,
            placesRemoved: plan.places,
            creditNote: note?.number ?? null,
            reason: body.reason,
          },
        });
        await enqueueEmail(tx, await refundedEmail(tx, purchase, body.amount, note, publicUrl));
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

    /**
     * The sandbox payer's choice, recorded and applied in one transaction as a provider's webhook
     * would be: if applying fails, the session stays open and the payer can choose again. Answers
     * the signed status page to go to.
     */
    async completeSandboxSession(
      sessionId: string,
      outcome: 'success' | 'failure' | 'abandon',
    ): Promise<{ redirectUrl: string }> {
      const session = await openableSandboxSession(sessionId);
      const state = ({ success: 'succeeded', failure: 'failed', abandon: 'abandoned' } as const)[outcome];
      await db.transaction(async (tx) => {
        if (!(await repo.settleSandboxSession(tx, sessionId, state)))
          throw new ConflictError('This checkout is already finished');
        const attempt = await repo.findAttempt(tx, 'sandbox', sessionId);
        if (!attempt) return;
        const truth = await providerFor('sandbox').fetchPayment(tx, sessionId);
        await settlement.recordOutcome(tx, attempt, truth, null);
      });
      return { redirectUrl: statusLinks.statusPath(session.allocationPurchaseId) };
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
