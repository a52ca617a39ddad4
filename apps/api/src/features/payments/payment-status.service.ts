import type { PublicPaymentStatusBody } from '@portal/shared/allocation-purchases';
import type { Database } from '../../db/client';
import type { AttemptLimiter } from '../../lib/attempt-limiter';
import { AppError, NotFoundError, TooManyRequestsError, UnauthorizedError } from '../../lib/errors';
import * as purchases from '../allocation-purchases/allocation-purchases.repository';
import { publicPaymentStatus } from '../allocation-purchases/allocation-purchases.rules';
import { loadPurchase } from '../allocation-purchases/allocation-purchases.service';
import type { Principal } from '../auth/principal';
import { scopeOf } from '../auth/scope';
import type { PaymentStatusLinks } from './payment-links';
import type { PaymentSettlement } from './payment-settlement';
import * as repo from './payments.repository';

/** The payer's newest checkouts are what a return from the provider is about; older ones settle by webhook. */
const SYNCED_ATTEMPTS = 3;

/** Who asks for a public payment status: the link's capability, the caller's session, its address. */
export type StatusCaller = {
  token: string | undefined;
  principal: Principal | null;
  /** An Authorization header came with the request (valid or not). */
  presentedCredentials: boolean;
  ip: string;
};

/**
 * The public payment status page's two calls (`/payment-status/{id}`, `…/sync-payment`). Purchase
 * ids are sequential, so an id opens nothing by itself: the caller shows the signed link the
 * server gave the payer, or signs in as someone who may see the purchase; anything else is 404,
 * whether the purchase exists or not. Both calls count against one budget per address, and the
 * provider is asked about a purchase at most once every `syncIntervalSeconds` across processes.
 */
export function createPaymentStatusService({
  db,
  settlement,
  statusLinks,
  limiter,
  maxPerAddress,
  syncIntervalSeconds,
}: {
  db: Database;
  settlement: PaymentSettlement;
  statusLinks: PaymentStatusLinks;
  limiter: AttemptLimiter;
  maxPerAddress: number;
  syncIntervalSeconds: number;
}) {
  async function assertMayView(purchaseId: number, caller: StatusCaller): Promise<void> {
    const hits = await limiter.hit(`payment-status:${caller.ip}`);
    if (hits.count > maxPerAddress) {
      throw new TooManyRequestsError(
        'Too many payment status requests from this address. Try again later.',
        hits.retryAfterSeconds,
      );
    }
    if (statusLinks.verify(purchaseId, caller.token)) return;
    const { principal } = caller;
    if (principal?.permissions.has('view_allocation_purchase')) {
      const scope = purchases.purchaseScopeFilter(scopeOf(principal));
      if (await purchases.findPurchase(db, purchaseId, scope)) return;
    }
    // An expired session gets the chance to refresh and ask again; it learns nothing of the id.
    if (!principal && caller.presentedCredentials) throw new UnauthorizedError('Authentication required');
    throw new NotFoundError('Allocation purchase');
  }

  async function statusOf(purchaseId: number): Promise<PublicPaymentStatusBody> {
    const purchase = await loadPurchase(db, purchaseId);
    const [latest] = await repo.attemptsOf(db, purchaseId);
    return {
      status: publicPaymentStatus(purchase.status, latest?.state ?? null),
      amount: purchase.amountToPayCents ?? purchase.totalPriceCents,
      currency: purchase.currency,
      eventName: purchase.eventName,
    };
  }

  /** Asks the provider about the latest few open checkouts, unless someone did so moments ago. */
  async function syncPurchase(purchaseId: number): Promise<void> {
    const open = (await repo.attemptsOf(db, purchaseId)).filter((attempt) => attempt.state === 'open');
    if (open.length === 0 || !(await repo.claimStatusSync(db, purchaseId, syncIntervalSeconds))) return;
    for (const attempt of open.slice(0, SYNCED_ATTEMPTS)) {
      try {
        await settlement.syncAttempt(attempt, null);
      } catch (error) {
        // An unreachable provider leaves the attempt open (the webhook settles it later); its
        // message, which may describe the installation's account, is not for this caller.
        if (!(error instanceof AppError && error.statusCode === 503)) throw error;
      }
    }
  }

  return {
    async publicStatus(purchaseId: number, caller: StatusCaller): Promise<PublicPaymentStatusBody> {
      await assertMayView(purchaseId, caller);
      return statusOf(purchaseId);
    },

    /** The status page's call on load: asks the provider, applies its answer, answers the status. */
    async syncPayment(purchaseId: number, caller: StatusCaller): Promise<PublicPaymentStatusBody> {
      await assertMayView(purchaseId, caller);
      await loadPurchase(db, purchaseId);
      await syncPurchase(purchaseId);
      return statusOf(purchaseId);
    },
  };
}

export type PaymentStatusService = ReturnType<typeof createPaymentStatusService>;
