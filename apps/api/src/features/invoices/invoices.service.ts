import { Readable } from 'node:stream';
import type { BillingDocument } from '@portal/shared/allocation-purchases';
import { documentFileName, eInvoiceFileName, type EInvoiceProfile, type InvoiceArchiveQuery } from '@portal/shared/billing-documents';
import { eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { events } from '../../db/schema/events';
import type { Actor } from '../../lib/actor';
import { NotFoundError } from '../../lib/errors';
import type { FilesService } from '../files/files.service';
import * as purchases from '../allocation-purchases/allocation-purchases.repository';
import { scopeEventId, scopeOf, type Scope } from '../auth/scope';
import { creditNoteDocument, invoiceDocuments, paymentOf } from './documents';
import { zipDocuments } from './document-archive';
import { registerCsv, registerXlsx } from './document-register';
import { renderEInvoiceXml } from './e-invoice';
import { renderDocumentPdf } from './invoice-pdf';
import { logoReader } from './issuer-logo';
import type { PdfPool } from './pdf-workers';
import * as repo from './invoices.repository';

/** Documents read per query while an archive streams: memory stays bounded whatever the event's size. */
const ARCHIVE_PAGE_SIZE = 100;

/** A document's file (its PDF, its e-invoice) as a download. */
export type DocumentFile = { fileName: string; content: Readable };

/** A document's logo as stored: its bytes and their type. */
export type DocumentLogo = { contentType: string; sizeBytes: number; content: Readable };

/**
 * Organisers reach every document of their event(s), orphaned ones too; exhibitors only their
 * purchases'; a VIP admin only those of VIP categories' purchases.
 */
function purchaseFilter(scope: Scope) {
  const organiser = (scope.kind === 'global' || scope.kind === 'event') && !scope.vipOnly;
  return organiser ? undefined : purchases.purchaseScopeFilter(scope);
}

/** The XML the document's PDF embeds (or its XRechnung), named by the document's number. */
function eInvoiceFile(document: BillingDocument, profile: EInvoiceProfile): DocumentFile {
  const xml = renderEInvoiceXml(document, profile);
  return { fileName: eInvoiceFileName(document, profile), content: Readable.from([Buffer.from(xml, 'utf8')]) };
}

export function createInvoicesService({ db, files, pdfPool }: { db: Database; files: FilesService; pdfPool: PdfPool }) {
  /** Answers 404 for an event that does not exist or that the scope does not reach. */
  async function reachEvent(scope: Scope, eventId: number) {
    const reachable = scopeEventId(scope);
    const [event] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
    if (!event || (reachable != null && reachable !== eventId)) throw new NotFoundError('Event');
  }

  /**
   * The archive's invoices then its credit notes, a page at a time. Each page's invoices are told
   * what cancelled them from every invoice and credit note of their purchases, as `eventDocuments` does.
   */
  async function* archiveDocuments(eventId: number, scope: SQL | undefined, filter: repo.ArchiveFilter) {
    for (let after = 0; ; ) {
      const page = await repo.archiveInvoicePage(db, eventId, scope, filter, after, ARCHIVE_PAGE_SIZE);
      if (page.length === 0) break;
      after = page.at(-1)!.invoice.id;
      const purchaseIds = [...new Set(page.flatMap(({ invoice }) => invoice.allocationPurchaseId ?? []))];
      const [siblings, creditNotes] = await Promise.all([
        repo.invoicesOfPurchases(db, purchaseIds),
        repo.creditNotesOfPurchases(db, purchaseIds),
      ]);
      const payments = new Map(
        page.map((row) => [row.invoice.allocationPurchaseId, paymentOf(row)]),
      );
      const rows = new Map([...page.map(({ invoice }) => invoice), ...siblings].map((invoice) => [invoice.id, invoice]));
      const documents = invoiceDocuments(
        [...rows.values()].map((invoice) => ({
          invoice,
          payment: payments.get(invoice.allocationPurchaseId) ?? { isPaid: false, paidAt: null, paymentReference: null },
        })),
        creditNotes,
      );
      const wanted = new Set(page.map(({ invoice }) => invoice.id));
      yield* documents.filter((document) => wanted.has(document.id));
    }
    for (let after = 0; ; ) {
      const page = await repo.archiveCreditNotePage(db, eventId, scope, filter, after, ARCHIVE_PAGE_SIZE);
      if (page.length === 0) break;
      after = page.at(-1)!.id;
      yield* page.map(creditNoteDocument);
    }
  }

  /** The documents an archive or register holds, within the caller's reach and narrowed by the query, as one file. */
  async function documentsFile(
    actor: Actor,
    eventId: number,
    query: InvoiceArchiveQuery,
    extension: string,
    write: (documents: AsyncIterable<BillingDocument>) => Readable,
  ): Promise<DocumentFile & { count: number }> {
    const scope = scopeOf(actor.principal);
    await reachEvent(scope, eventId);
    const filter = purchaseFilter(scope);
    const range = [query.from, query.to].filter(Boolean).join('-to-');
    return {
      fileName: `invoices-event-${eventId}${query.exhibitorId ? `-exhibitor-${query.exhibitorId}` : ''}${range ? `-${range}` : ''}.${extension}`,
      count: await repo.countArchive(db, eventId, filter, query),
      content: write(archiveDocuments(eventId, filter, query)),
    };
  }

  /** The logo the document was issued with; 404 when it has none or its file is gone. */
  async function logoOf(document: BillingDocument): Promise<DocumentLogo> {
    if (!document.logoFileId) throw new NotFoundError('Logo');
    const { file, content } = await files.openFile(db, document.logoFileId, document.eventId);
    return { contentType: file.contentType, sizeBytes: file.sizeBytes, content };
  }

  const service = {
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
      await reachEvent(scope, eventId);
      const { invoiceRows, creditNoteRows } = await repo.eventDocuments(db, eventId, purchaseFilter(scope));
      return [
        ...invoiceDocuments(
          invoiceRows.map((row) => ({ invoice: row.invoice, payment: paymentOf(row) })),
          creditNoteRows,
        ),
        ...creditNoteRows.map(creditNoteDocument),
      ];
    },

    async invoicePdf(actor: Actor, purchaseId: number): Promise<DocumentFile> {
      const document = await service.getInvoice(actor, purchaseId);
      const logo = await logoReader(db, files)(document);
      return { fileName: documentFileName(document), content: renderDocumentPdf(document, { logo }) };
    },

    async creditNotePdf(actor: Actor, id: number): Promise<DocumentFile> {
      const document = await service.getCreditNote(actor, id);
      const logo = await logoReader(db, files)(document);
      return { fileName: documentFileName(document), content: renderDocumentPdf(document, { logo }) };
    },

    /** The logo frozen in the purchase's current invoice, for the browser's drawing of it. */
    async invoiceLogo(actor: Actor, purchaseId: number): Promise<DocumentLogo> {
      return logoOf(await service.getInvoice(actor, purchaseId));
    },

    async creditNoteLogo(actor: Actor, id: number): Promise<DocumentLogo> {
      return logoOf(await service.getCreditNote(actor, id));
    },

    /** The purchase's current invoice as its EN 16931 XML or XRechnung; 422 naming what is missing when it cannot be one. */
    async invoiceXml(actor: Actor, purchaseId: number, profile: EInvoiceProfile = 'en16931'): Promise<DocumentFile> {
      return eInvoiceFile(await service.getInvoice(actor, purchaseId), profile);
    },

    async creditNoteXml(actor: Actor, id: number, profile: EInvoiceProfile = 'en16931'): Promise<DocumentFile> {
      return eInvoiceFile(await service.getCreditNote(actor, id), profile);
    },

    /**
     * The PDFs of every invoice and credit note of an event the caller reaches, narrowed by the
     * query, as one ZIP that streams: documents are read a page at a time and drawn one at a time.
     */
    async archive(actor: Actor, eventId: number, query: InvoiceArchiveQuery): Promise<DocumentFile & { count: number }> {
      return documentsFile(actor, eventId, query, 'zip', (documents) => zipDocuments(documents, logoReader(db, files), pdfPool));
    },

    /** The same documents as a register for the accounts: one row each, as .csv or .xlsx, streamed. */
    async register(
      actor: Actor,
      eventId: number,
      query: InvoiceArchiveQuery,
      format: 'csv' | 'xlsx',
    ): Promise<DocumentFile & { count: number }> {
      return documentsFile(actor, eventId, query, format, format === 'csv' ? registerCsv : registerXlsx);
    },
  };
  return service;
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
