import { buffer } from 'node:stream/consumers';
import type { BillingDocument } from '@portal/shared/allocation-purchases';
import type { OutboxAttachment } from '@portal/shared/email-outbox';
import type { Database } from '../../db/client';
import type { MailAttachment } from '../email/outbox-worker';
import { creditNoteDocument, invoiceDocuments, paymentOf } from './documents';
import { renderEInvoiceXml } from './e-invoice';
import { renderDocumentPdf } from './invoice-pdf';
import type { LogoReader } from './issuer-logo';
import * as repo from './invoices.repository';

/**
 * An invoice as a document, with its status read now: paid, or cancelled by a credit note and
 * replaced by the purchase's next invoice, as `eventDocuments` tells it.
 */
async function invoiceNow(db: Database, id: number): Promise<BillingDocument | undefined> {
  const row = await repo.findInvoiceWithPayment(db, id);
  if (!row) return undefined;
  const purchaseIds = row.invoice.allocationPurchaseId ? [row.invoice.allocationPurchaseId] : [];
  const [siblings, creditNotes] = await Promise.all([
    repo.invoicesOfPurchases(db, purchaseIds),
    repo.creditNotesOfPurchases(db, purchaseIds),
  ]);
  const payment = paymentOf(row);
  const invoices = siblings.some((invoice) => invoice.id === id) ? siblings : [row.invoice];
  return invoiceDocuments(
    invoices.map((invoice) => ({ invoice, payment })),
    creditNotes,
  ).find((document) => document.id === id);
}

async function documentOf(db: Database, attachment: OutboxAttachment): Promise<BillingDocument | undefined> {
  if (attachment.kind === 'invoice') return invoiceNow(db, attachment.id);
  const row = await repo.findCreditNote(db, attachment.id, undefined, null);
  return row && creditNoteDocument(row);
}

/**
 * The files of the documents a mail carries (their PDFs, their e-invoices), drawn now from their
 * frozen copies. A document that is gone or cannot be drawn throws, so that the attempt fails and
 * the mail never leaves without it. Without `logos` (no file store at hand) PDFs are drawn without
 * their logo.
 */
export async function renderMailAttachments(
  db: Database,
  attachments: readonly OutboxAttachment[],
  logos?: LogoReader,
): Promise<MailAttachment[]> {
  const files: MailAttachment[] = [];
  for (const attachment of attachments) {
    const document = await documentOf(db, attachment);
    if (!document)
      throw new Error(`Attachment ${attachment.fileName}: the ${attachment.kind.replace('_', ' ')} no longer exists`);
    files.push(
      attachment.format === 'xml'
        ? {
            filename: attachment.fileName,
            contentType: 'application/xml',
            content: Buffer.from(renderEInvoiceXml(document), 'utf8'),
          }
        : { filename: attachment.fileName, contentType: 'application/pdf', content: await buffer(renderDocumentPdf(document, { logo: await logos?.(document) })) },
    );
  }
  return files;
}
