import type { BillingDocument } from '@portal/shared/allocation-purchases';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { events } from '../../db/schema/events';
import type { Actor } from '../../lib/actor';
import { NotFoundError } from '../../lib/errors';
import * as purchases from '../allocation-purchases/allocation-purchases.repository';
import { scopeEventId, scopeOf, type Scope } from '../auth/scope';
import { creditNoteDocument, invoiceDocuments } from './documents';
import * as repo from './invoices.repository';

/**
 * Organisers reach every document of their event(s), orphaned ones too; exhibitors only their
 * purchases'; a VIP admin only those of VIP categories' purchases.
 */
function purchaseFilter(scope: Scope) {
  const organiser = (scope.kind === 'global' || scope.kind === 'event') && !scope.vipOnly;
  return organiser ? undefined : purchases.purchaseScopeFilter(scope);
}

export function createInvoicesService({ db }: { db: Database }) {
  return {
    /** The purchase's current invoice, as issued. */
    async getInvoice(actor: Actor, purchaseId: number): Promise<BillingDocument> {
      const purchase = await purchases.findPurchase(
        db,
        purchaseId,
        purchases.purchaseScopeFilter(scopeOf(actor.principal)),
      );
      if (!purchase) throw new NotFoundError('Allocation purchase');
      const invoice = purchase.invoiceNumber
        ? await repo.findInvoiceByNumber(db, purchase.eventId, purchase.invoiceNumber)
        : undefined;
      if (!invoice) throw new NotFoundError('Invoice');
      const [document] = invoiceDocuments(
        [{ invoice, payment: purchase }],
        await repo.creditNotesOfPurchases(db, [purchaseId]),
      );
      return document!;
    },

    async getCreditNote(actor: Actor, id: number): Promise<BillingDocument> {
      const scope = scopeOf(actor.principal);
      const row = await repo.findCreditNote(db, id, purchaseFilter(scope), scopeEventId(scope));
      if (!row) throw new NotFoundError('Credit note');
      return creditNoteDocument(row);
    },

    /** Every invoice then every credit note of an event, in number order, for one combined download. */
    async eventDocuments(actor: Actor, eventId: number): Promise<BillingDocument[]> {
      const scope = scopeOf(actor.principal);
      const reachable = scopeEventId(scope);
      const [event] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
      if (!event || (reachable != null && reachable !== eventId)) throw new NotFoundError('Event');
      const { invoiceRows, creditNoteRows } = await repo.eventDocuments(db, eventId, purchaseFilter(scope));
      return [
        ...invoiceDocuments(
          invoiceRows.map(({ invoice, isPaid, paidAt }) => ({ invoice, payment: { isPaid: Boolean(isPaid), paidAt } })),
          creditNoteRows,
        ),
        ...creditNoteRows.map(creditNoteDocument),
      ];
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
