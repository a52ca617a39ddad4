import { randomBytes } from 'node:crypto';
import { CURRENCY_CODES } from '@portal/shared/currencies';
import { and, eq, sql } from 'drizzle-orm';
import { sandboxSessions } from '../../db/schema/payments';
import { NotFoundError } from '../../lib/errors';
import type { PaymentProvider, PaymentTruth } from './payment-provider';

/** Where the SPA shows the sandbox checkout of a session. */
export const sandboxCheckoutPath = (sessionId: string) => `/payments/sandbox/${sessionId}`;

/**
 * A checkout built into the portal, for demos and tests: the payer picks success, failure or
 * abandon on the SPA's sandbox page. Its sessions are its own table, read back as a real
 * provider's API would be, so the flow around it is the same as with Stripe.
 */
export function createSandboxProvider(): PaymentProvider {
  return {
    name: 'sandbox',
    currencies: CURRENCY_CODES,
    minorUnitStep: () => 1,
    async startCheckout(tx, request) {
      const id = `sbx_${randomBytes(18).toString('base64url')}`;
      await tx.insert(sandboxSessions).values({
        id,
        allocationPurchaseId: request.purchaseId,
        amountCents: request.amountCents,
        currency: request.currency,
        description: request.description,
      });
      return { externalId: id, url: sandboxCheckoutPath(id), instructions: null };
    },

    async fetchPayment(tx, externalId): Promise<PaymentTruth> {
      const [session] = await tx.select().from(sandboxSessions).where(eq(sandboxSessions.id, externalId));
      if (!session) throw new NotFoundError('Sandbox session');
      const state = { open: 'open', succeeded: 'succeeded', failed: 'failed', abandoned: 'expired' } as const;
      return {
        state: state[session.state],
        paymentReference: session.state === 'succeeded' ? session.id : null,
        refundedCents: session.refundedCents,
      };
    },

    async refund(tx, request) {
      const rows = await tx
        .update(sandboxSessions)
        .set({ refundedCents: sql`${sandboxSessions.refundedCents} + ${request.amountCents}`, updatedAt: sql`now()` })
        .where(
          and(
            eq(sandboxSessions.id, request.externalId),
            eq(sandboxSessions.state, 'succeeded'),
            sql`${sandboxSessions.refundedCents} + ${request.amountCents} <= ${sandboxSessions.amountCents}`,
          ),
        )
        .returning({ id: sandboxSessions.id });
      if (rows.length !== 1)
        throw new Error(`Sandbox session ${request.externalId} cannot refund ${request.amountCents}`);
      return { externalId: `sbx_re_${randomBytes(9).toString('base64url')}`, state: 'succeeded' };
    },

    async fetchRefund() {
      return 'succeeded';
    },
  };
}
