import {
  isReissuable,
  type AllocationPurchase,
  type createAllocationPurchaseBodySchema,
  type ListAllocationPurchasesQuery,
  type PaymentProviderName,
  type PurchaseQuote,
  type PurchaseTax,
  type updateAllocationPurchaseBodySchema,
} from '@portal/shared/allocation-purchases';
import { basisPointsToRate, compactCode, isValidVatId, taxedAmount, taxTreatment, type TaxTreatment } from '@portal/shared/vat';
import type { ExportFormat } from '@portal/shared/exports';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { BusinessRuleError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { exportFile, rowsInOrder, type ExportFile } from '../../lib/list-export';
import { listResult } from '../../lib/listing';
import { recordAudit } from '../audit/audit.repository';
import { scopeOf } from '../auth/scope';
import { findCategory } from '../badge-categories/badge-categories.repository';
import { categoryFilterFor } from '../badge-categories/badge-categories.service';
import { enqueueEmail } from '../email/email.repository';
import {
  chargedOf,
  creditNoteSummary,
  treatmentOf,
  invoiceDocument,
  issueCreditNote,
  issueInvoice,
  remainingOf,
  renderDocument,
} from '../invoices/documents';
import * as invoicesRepo from '../invoices/invoices.repository';
import { noVatRegistry, type VatRegistry } from '../invoices/vat-registry';
import { growAllocation, type PurchaseHolder } from './allocation-growth';
import { assertAcceptedAmount, assertCanStart } from './allocation-purchases.rules';
import * as repo from './allocation-purchases.repository';
import { PURCHASE_EXPORT_COLUMNS } from './purchase-export';
import { decisionEmail, paidEmail, reissuedEmail, requestReceivedEmails, withdrawnEmails } from './purchase-emails';

const MAX_CENTS = 2_147_483_647;

type CreateAllocationPurchaseBody = z.infer<typeof createAllocationPurchaseBodySchema>;
type UpdateAllocationPurchaseBody = z.infer<typeof updateAllocationPurchaseBodySchema>;
const iso = (date: Date | null) => (date ? date.toISOString() : null);

const purchaseTaxOf = (treatment: TaxTreatment): Omit<PurchaseTax, 'net' | 'tax'> => ({
  category: treatment.category,
  rate: basisPointsToRate(treatment.rateBasisPoints),
  reverseCharge: treatment.category === 'AE',
  pricesIncludeTax: treatment.pricesIncludeTax,
  exemptionReason: treatment.exemptionReason,
});

export function toPurchase(
  row: repo.PurchaseRow,
  invoice: invoicesRepo.InvoiceRow | undefined,
  creditNotes: invoicesRepo.CreditNoteRow[],
): AllocationPurchase {
  const charged = row.amountToPayCents === null ? null : chargedOf(row);
  return {
    id: row.id,
    status: row.status,
    invoice_id: row.invoiceNumber,
    purchasedAt: row.requestedAt.toISOString(),
    quantity: row.quantity,
    accepted_amount: row.acceptedAmount,
    unitPrice: row.unitPriceCents,
    totalPrice: row.totalPriceCents,
    amount_to_pay: row.amountToPayCents,
    buyerVatId: row.buyerVatId,
    buyerReference: row.buyerReference,
    billingStreet: row.billingStreet,
    billingPostcode: row.billingPostcode,
    billingCity: row.billingCity,
    tax: {
      ...purchaseTaxOf(treatmentOf(row)),
      net: charged?.net ?? null,
      tax: charged?.tax ?? null,
    },
    refunded_amount: row.refundedCents,
    currency: row.currency,
    is_paid: row.isPaid,
    comment: row.comment,
    decision_comment: row.decisionComment,
    approvedAt: iso(row.approvedAt),
    rejectedAt: iso(row.rejectedAt),
    paidAt: iso(row.paidAt),
    cancelledAt: iso(row.cancelledAt),
    paymentProvider: row.paymentProvider,
    paymentReference: row.paymentReference,
    badgeCategory: {
      id: row.badgeCategoryId,
      name: row.categoryName,
      display_name: row.categoryDisplayName,
      event: { id: row.eventId, name: row.eventName },
    },
    admin: {
      id: row.requestedByAdminId,
      companyName: row.companyName,
      firstName: row.requesterFirstName,
      lastName: row.requesterLastName,
      email: row.requesterEmail,
    },
    exhibitorId: row.exhibitorId,
    invoice: invoice
      ? {
          id: invoice.id,
          number: invoice.number,
          issuedAt: invoice.issuedAt.toISOString(),
          billTo: invoice.snapshot.billTo,
          totalAmount: invoice.snapshot.totalAmount,
          remainingAmount: remainingOf(invoice, creditNotes),
        }
      : null,
    creditNotes: creditNotes.map(creditNoteSummary),
  };
}

/** Purchases with their current invoice and credit notes, in two queries for the lot. */
export async function withDocuments(db: Database, rows: repo.PurchaseRow[]): Promise<AllocationPurchase[]> {
  const ids = rows.map((row) => row.id);
  const [invoiceRows, creditNoteRows] = await Promise.all([
    invoicesRepo.invoicesOfPurchases(db, ids),
    invoicesRepo.creditNotesOfPurchases(db, ids),
  ]);
  return rows.map((row) =>
    toPurchase(
      row,
      invoiceRows.find((invoice) => invoice.allocationPurchaseId === row.id && invoice.number === row.invoiceNumber),
      creditNoteRows.filter((note) => note.allocationPurchaseId === row.id),
    ),
  );
}

export function holderOf(row: repo.PurchaseRow): PurchaseHolder {
  return {
    eventId: row.eventId,
    badgeCategoryId: row.badgeCategoryId,
    exhibitorId: row.exhibitorId,
    subAccountId: row.requesterIsSubAccount ? row.requestedByAdminId : null,
  };
}

/** Organisers (system or event admins) decide; exhibitors and sub-accounts only ask, pay and withdraw. */
export function assertOrganiser(actor: Actor): void {
  const kind = scopeOf(actor.principal).kind;
  if (kind !== 'global' && kind !== 'event') throw new ForbiddenError('Only the organiser can do this');
}

export async function loadPurchase(db: Database, id: number): Promise<repo.PurchaseRow> {
  const row = await repo.findPurchase(db, id);
  if (!row) throw new NotFoundError('Allocation purchase');
  return row;
}

export type PaymentApplied = { applied: boolean; purchase: repo.PurchaseRow };

/**
 * Marks an approved purchase paid and grows the allocation by the accepted amount, inside the
 * caller's transaction. The conditional UPDATE lets exactly one of any number of concurrent
 * callers through; the others (and a purchase rejected or cancelled meanwhile) get `applied: false`.
 */
export async function applyPayment(
  tx: Database,
  actor: Actor | null,
  purchaseId: number,
  payment: { provider: PaymentProviderName | null; reference: string | null; paidAt?: Date },
  publicUrl: string,
): Promise<PaymentApplied> {
  const won = await repo.transition(tx, purchaseId, ['approved'], {
    status: 'paid',
    isPaid: true,
    paidAt: payment.paidAt ?? new Date(),
    paymentProvider: payment.provider,
    paymentReference: payment.reference,
  });
  const purchase = await loadPurchase(tx, purchaseId);
  if (!won) return { applied: false, purchase };
  await growAllocation(tx, holderOf(purchase), purchase.acceptedAmount!);
  await recordAudit(tx, actor, {
    action: 'pay',
    entityType: 'allocation_purchase',
    entityId: purchaseId,
    eventId: purchase.eventId,
    exhibitorId: purchase.exhibitorId,
    before: { status: 'approved' },
    after: {
      status: 'paid',
      provider: payment.provider,
      reference: payment.reference,
      placesAdded: purchase.acceptedAmount,
    },
  });
  // A free purchase is granted at approval; its approval email already says so.
  if ((purchase.amountToPayCents ?? 0) > 0) await enqueueEmail(tx, await paidEmail(tx, purchase, publicUrl));
  return { applied: true, purchase };
}

export function createAllocationPurchasesService({
  db,
  publicUrl,
  vatRegistry = noVatRegistry,
}: {
  db: Database;
  publicUrl: string;
  vatRegistry?: VatRegistry;
}) {
  async function getInScope(actor: Actor, id: number): Promise<repo.PurchaseRow> {
    const row = await repo.findPurchase(db, id, repo.purchaseScopeFilter(scopeOf(actor.principal)));
    if (!row) throw new NotFoundError('Allocation purchase');
    return row;
  }

  async function present(id: number): Promise<AllocationPurchase> {
    const [purchase] = await withDocuments(db, [await loadPurchase(db, id)]);
    return purchase!;
  }

  /**
   * The category, its price and how it is taxed for a request: the category's VAT rate or the
   * event's, and the reverse charge for a buyer's VAT ID from another member state (checked with
   * the registry first when one is configured).
   */
  async function priceRequest(actor: Actor, body: CreateAllocationPurchaseBody) {
    const scope = scopeOf(actor.principal);
    if (scope.kind !== 'exhibitor' && scope.kind !== 'sub-account') {
      throw new ForbiddenError('Places are requested by an exhibitor or its sub-accounts');
    }
    const category = await findCategory(db, body.badgeCategoryId, categoryFilterFor(actor.principal));
    if (!category || category.eventId !== scope.eventId) {
      throw ValidationError.field('badgeCategoryId', 'Badge category not found in your event');
    }
    if (!category.isActive) throw ValidationError.field('badgeCategoryId', 'This category is closed');
    const settings = (await invoicesRepo.findInvoicing(db, category.eventId))?.settings;
    // Not sent: the company's VAT number on file, where it is a valid one; sent empty: none.
    const onFile = body.vatId === undefined ? await repo.companyVatNumber(db, actor.principal.companyId) : null;
    const vatId = body.vatId === undefined ? (onFile && isValidVatId(onFile) ? compactCode(onFile) : null) : body.vatId;
    const treatment = taxTreatment(
      {
        rateBasisPoints: category.vatRateBasisPoints ?? settings?.defaultVatRateBasisPoints ?? null,
        pricesIncludeTax: settings?.pricesIncludeTax ?? false,
        exemptionText: settings?.vatExemptionText ?? null,
        issuerCountry: settings?.issuerCountry ?? null,
      },
      vatId,
    );
    if (treatment.category === 'AE' && vatRegistry.enabled) {
      const answer = await vatRegistry.check(vatId!);
      if (answer === 'invalid') throw ValidationError.field('vatId', 'The EU VAT registry (VIES) does not know this VAT ID');
      if (answer === 'unavailable') {
        throw new BusinessRuleError('The EU VAT registry (VIES) is not answering; try again shortly', [
          { field: 'vatId', message: 'Could not be checked with the EU VAT registry just now' },
        ]);
      }
    }
    const totalPrice = category.unitPrice * body.quantity;
    const amount = taxedAmount(totalPrice, treatment);
    if (amount.gross > MAX_CENTS) {
      throw new BusinessRuleError('This request is too large to invoice at once; ask for fewer places', [
        { field: 'quantity', message: 'Too many places at this price' },
      ]);
    }
    return { scope, category, treatment, totalPrice, amount, vatId };
  }

  /** A lost conditional UPDATE: the purchase moved meanwhile, so the refusal names its new status. */
  async function conflictAfterRace(
    tx: Database,
    id: number,
    action: Parameters<typeof assertCanStart>[0],
  ): Promise<never> {
    const current = await loadPurchase(tx, id);
    assertCanStart(action, current.status);
    throw new ConflictError('This purchase changed meanwhile; reload it and try again');
  }

  /**
   * An approved purchase already has its invoice (sent to the accountant too): cancelling the
   * purchase cancels that invoice with a credit note, so no unpaid invoice is left standing.
   */
  async function cancelInvoice(tx: Database, id: number, comment: string | null): Promise<string | null> {
    const purchase = await loadPurchase(tx, id);
    const invoice = purchase.invoiceNumber
      ? await invoicesRepo.findInvoiceByNumber(tx, purchase.eventId, purchase.invoiceNumber)
      : undefined;
    if (!invoice) return null;
    const note = await issueCreditNote(tx, purchase, invoice, {
      kind: 'reissue',
      amountCents: remainingOf(invoice, await invoicesRepo.creditNotesOfInvoice(tx, invoice.id)),
      reason: comment ?? 'Purchase cancelled',
    });
    return note.number;
  }

  async function approve(
    tx: Database,
    actor: Actor,
    before: repo.PurchaseRow,
    acceptedAmount: number,
    comment: string | null,
  ) {
    assertAcceptedAmount(acceptedAmount, before.quantity);
    const charged = taxedAmount(acceptedAmount * before.unitPriceCents, treatmentOf(before));
    const amountToPay = charged.gross;
    const won = await repo.transition(tx, before.id, ['requested'], {
      status: 'approved',
      acceptedAmount,
      amountToPayCents: amountToPay,
      netAmountCents: charged.net,
      taxAmountCents: charged.tax,
      decisionComment: comment,
      decidedByAdminId: actor.principal.id,
      approvedAt: new Date(),
    });
    if (!won) await conflictAfterRace(tx, before.id, 'approve');
    // The invoice is issued now: a bank transfer needs its number before any money moves.
    const invoice = await issueInvoice(tx, await loadPurchase(tx, before.id), comment);
    await repo.setInvoiceNumber(tx, before.id, invoice.number);
    await recordAudit(tx, actor, {
      action: 'approve',
      entityType: 'allocation_purchase',
      entityId: before.id,
      eventId: before.eventId,
      exhibitorId: before.exhibitorId,
      before: { status: before.status },
      after: {
        status: 'approved',
        accepted_amount: acceptedAmount,
        amount_to_pay: amountToPay,
        invoice_id: invoice.number,
      },
    });
    // Nothing to pay (a free category): the places are granted at once.
    if (amountToPay === 0) await applyPayment(tx, actor, before.id, { provider: null, reference: null }, publicUrl);
    await enqueueEmail(tx, await decisionEmail(tx, await loadPurchase(tx, before.id), publicUrl, invoice));
  }

  return {
    async listPurchases(actor: Actor, query: ListAllocationPurchasesQuery) {
      const { rows, total } = await repo.listPurchases(db, repo.purchaseScopeFilter(scopeOf(actor.principal)), query);
      return listResult(await withDocuments(db, rows), total, query);
    },

    /** Every purchase of the list's filter, scope and sort, with its invoice's figures, as a streamed file. */
    async exportPurchases(actor: Actor, filter: repo.PurchaseFilter, format: ExportFormat): Promise<ExportFile> {
      const ids = await repo.purchaseIds(db, repo.purchaseScopeFilter(scopeOf(actor.principal)), filter);
      const read = async (batch: number[]) => withDocuments(db, await repo.purchasesByIds(db, batch));
      return exportFile('Allocation purchases', format, PURCHASE_EXPORT_COLUMNS, rowsInOrder(ids, read));
    },

    async getPurchase(actor: Actor, id: number): Promise<AllocationPurchase> {
      const [purchase] = await withDocuments(db, [await getInScope(actor, id)]);
      return purchase!;
    },

    /** What a request would cost, VAT included, exactly as `createPurchase` would record it. */
    async quotePurchase(actor: Actor, body: CreateAllocationPurchaseBody): Promise<PurchaseQuote> {
      const { category, treatment, amount } = await priceRequest(actor, body);
      return {
        ...purchaseTaxOf(treatment),
        net: amount.net,
        tax: amount.tax,
        gross: amount.gross,
        currency: category.currency,
      };
    },

    /** An exhibitor or sub-account asks for places; the price is the category's, read here, never the client's. */
    async createPurchase(actor: Actor, body: CreateAllocationPurchaseBody): Promise<AllocationPurchase> {
      const { scope, category, treatment, totalPrice, vatId } = await priceRequest(actor, body);
      const id = await db.transaction(async (tx) => {
        const purchaseId = await repo.insertPurchase(tx, {
          eventId: category.eventId,
          badgeCategoryId: category.id,
          requestedByAdminId: actor.principal.id,
          exhibitorId: scope.exhibitorId,
          quantity: body.quantity,
          unitPriceCents: category.unitPrice,
          totalPriceCents: totalPrice,
          currency: category.currency,
          comment: body.comment ?? null,
          buyerVatId: vatId,
          buyerReference: body.buyerReference ?? null,
          billingStreet: body.billingStreet ?? null,
          billingPostcode: body.billingPostcode ?? null,
          billingCity: body.billingCity ?? null,
          vatCategory: treatment.category,
          vatRateBasisPoints: treatment.rateBasisPoints,
          vatListedRateBasisPoints: treatment.listedRateBasisPoints,
          pricesIncludeTax: treatment.pricesIncludeTax,
          vatExemptionReason: treatment.exemptionReason,
        });
        const purchase = await loadPurchase(tx, purchaseId);
        await recordAudit(tx, actor, {
          action: 'create',
          entityType: 'allocation_purchase',
          entityId: purchaseId,
          eventId: category.eventId,
          exhibitorId: scope.exhibitorId,
          after: { badgeCategoryId: category.id, quantity: body.quantity, unitPrice: category.unitPrice, totalPrice },
        });
        for (const email of requestReceivedEmails(
          purchase,
          await repo.organiserEmails(tx, category.eventId),
          publicUrl,
        )) {
          await enqueueEmail(tx, email);
        }
        return purchaseId;
      });
      return present(id);
    },

    /** Approve, reject or cancel; each only from its source status (409 otherwise). */
    async updatePurchase(actor: Actor, id: number, body: UpdateAllocationPurchaseBody): Promise<AllocationPurchase> {
      const before = await getInScope(actor, id);
      const organiser = ['global', 'event'].includes(scopeOf(actor.principal).kind);
      const mayDecide = organiser && actor.principal.permissions.has('update_allocation_purchase');
      if (body.action !== 'cancel' && !mayDecide)
        throw new ForbiddenError('Only the organiser approves or rejects purchases');
      if (body.action === 'cancel' && !mayDecide && !actor.principal.permissions.has('create_allocation_purchase')) {
        throw new ForbiddenError();
      }
      assertCanStart(body.action, before.status);
      const comment = body.comment ?? null;
      await db.transaction(async (tx) => {
        if (body.action === 'approve') return approve(tx, actor, before, body.accepted_amount, comment);
        const to = body.action === 'reject' ? 'rejected' : 'cancelled';
        const won = await repo.transition(
          tx,
          id,
          body.action === 'reject' ? ['requested'] : ['requested', 'approved'],
          {
            status: to,
            decisionComment: comment,
            decidedByAdminId: actor.principal.id,
            ...(to === 'rejected' ? { rejectedAt: new Date() } : { cancelledAt: new Date() }),
          },
        );
        if (!won) await conflictAfterRace(tx, id, body.action);
        const creditNote = to === 'cancelled' ? await cancelInvoice(tx, id, comment) : null;
        await recordAudit(tx, actor, {
          action: body.action,
          entityType: 'allocation_purchase',
          entityId: id,
          eventId: before.eventId,
          exhibitorId: before.exhibitorId,
          before: { status: before.status },
          after: { status: to, comment, ...(creditNote ? { creditNote } : {}) },
        });
        if (to === 'rejected') await enqueueEmail(tx, await decisionEmail(tx, await loadPurchase(tx, id), publicUrl));
        // The organiser hears of a purchase its exhibitor withdrew, as of one it asked for.
        if (to === 'cancelled' && !organiser) {
          const cancelled = await loadPurchase(tx, id);
          for (const email of withdrawnEmails(cancelled, await repo.organiserEmails(tx, cancelled.eventId), creditNote, publicUrl))
            await enqueueEmail(tx, email);
        }
      });
      return present(id);
    },

    /**
     * Corrects an issued invoice the only way an invoice may be corrected: a credit note cancelling
     * it and a new invoice, with the company's current details and the next number.
     */
    async reissueInvoice(actor: Actor, id: number, reason: string | null): Promise<AllocationPurchase> {
      assertOrganiser(actor);
      await getInScope(actor, id);
      await db.transaction(async (tx) => {
        await repo.lockPurchase(tx, id);
        const purchase = await loadPurchase(tx, id);
        const old = purchase.invoiceNumber
          ? await invoicesRepo.findInvoiceByNumber(tx, purchase.eventId, purchase.invoiceNumber)
          : undefined;
        if (!old) throw new ConflictError('This purchase has no invoice yet: it is issued on approval');
        if (purchase.status === 'cancelled' || purchase.status === 'rejected') {
          throw new ConflictError(`This purchase is ${purchase.status}; its invoice is not reissued`);
        }
        // Only what is still owed or paid moves to the corrected invoice: refunded money stays credited.
        const remaining = remainingOf(old, await invoicesRepo.creditNotesOfInvoice(tx, old.id));
        if (!isReissuable({ totalAmount: old.snapshot.totalAmount, remainingAmount: remaining })) {
          throw new ConflictError(`Credit notes have taken back all of invoice ${old.number}; there is nothing left to reissue`);
        }
        const why = reason ?? 'Corrected invoice';
        const note = await issueCreditNote(tx, purchase, old, { kind: 'reissue', amountCents: remaining, reason: why });
        const replacement = await issueInvoice(tx, purchase, `Replaces invoice ${old.number}`, remaining);
        await repo.setInvoiceNumber(tx, id, replacement.number);
        const document = renderDocument(invoiceDocument(replacement, purchase, null)).text;
        const change = { oldNumber: old.number, creditNoteNumber: note.number, document, invoiceId: replacement.id };
        await enqueueEmail(tx, await reissuedEmail(tx, await loadPurchase(tx, id), change, publicUrl));
        await recordAudit(tx, actor, {
          action: 'reissue_invoice',
          entityType: 'allocation_purchase',
          entityId: id,
          eventId: purchase.eventId,
          exhibitorId: purchase.exhibitorId,
          before: { invoice_id: old.number },
          after: { invoice_id: replacement.number, creditNote: note.number, reason: why },
        });
      });
      return present(id);
    },

    async countRequested(actor: Actor): Promise<number> {
      return repo.countRequested(db, repo.purchaseScopeFilter(scopeOf(actor.principal)));
    },
  };
}

export type AllocationPurchasesService = ReturnType<typeof createAllocationPurchasesService>;
