import {
  DEFAULT_INVOICE_DESCRIPTION,
  invoiceFigures,
  type BillingDocument,
  type CreditNoteSummary,
} from '@portal/shared/allocation-purchases';
import { formatInvoiceAmount } from '@portal/shared/money';
import type { Database } from '../../db/client';
import type { DocumentSnapshot } from '../../db/schema/invoices';
import { enqueueEmail } from '../email/email.repository';
import type { PurchaseRow } from '../allocation-purchases/allocation-purchases.repository';
import { takeNextNumber } from './document-numbers';
import * as repo from './invoices.repository';

/** The frozen copy an invoice keeps of the purchase, its company and its event at issue time. */
export function invoiceSnapshot(purchase: PurchaseRow, notes: string | null): DocumentSnapshot {
  const category = purchase.categoryDisplayName ?? purchase.categoryName;
  const figures = invoiceFigures({
    quantity: purchase.quantity,
    accepted_amount: purchase.acceptedAmount,
    unitPrice: purchase.unitPriceCents,
    totalPrice: purchase.totalPriceCents,
    amount_to_pay: purchase.amountToPayCents,
    description: `${DEFAULT_INVOICE_DESCRIPTION}: ${category}`,
    badgeCategory: { event: { name: purchase.eventName } },
    admin: {
      companyName: purchase.companyName,
      firstName: purchase.requesterFirstName,
      lastName: purchase.requesterLastName,
      email: purchase.requesterEmail,
    },
  });
  return {
    eventName: figures.eventName,
    billTo: {
      companyName: purchase.companyName,
      contactName: `${purchase.requesterFirstName} ${purchase.requesterLastName}`.trim() || null,
      email: purchase.requesterEmail,
      address: purchase.companyAddress,
      vatNumber: purchase.companyVatNumber,
    },
    lines: [
      {
        description: figures.description,
        quantity: figures.quantity,
        unitPrice: figures.unitPrice,
        total: figures.total,
      },
    ],
    currency: purchase.currency,
    totalAmount: figures.totalAmount,
    notes,
  };
}

export function invoiceDocument(row: repo.InvoiceRow, isPaid: boolean, cancelledBy: string | null): BillingDocument {
  return {
    kind: 'invoice',
    id: row.id,
    number: row.number,
    allocationPurchaseId: row.allocationPurchaseId ?? 0,
    eventId: row.eventId,
    ...row.snapshot,
    issuedAt: row.issuedAt.toISOString(),
    status: isPaid ? 'PAID' : 'PENDING',
    creditedInvoiceNumber: null,
    cancelledByCreditNoteNumber: cancelledBy,
  };
}

export function creditNoteDocument(row: repo.CreditNoteRow): BillingDocument {
  return {
    kind: 'credit_note',
    id: row.id,
    number: row.number,
    allocationPurchaseId: row.allocationPurchaseId ?? 0,
    eventId: row.eventId,
    ...row.snapshot,
    issuedAt: row.issuedAt.toISOString(),
    status: 'CREDITED',
    creditedInvoiceNumber: row.invoiceNumber,
    cancelledByCreditNoteNumber: null,
  };
}

export function creditNoteSummary(row: repo.CreditNoteRow): CreditNoteSummary {
  return {
    id: row.id,
    number: row.number,
    amount: row.amountCents,
    issuedAt: row.issuedAt.toISOString(),
    reason: row.reason,
    invoiceNumber: row.invoiceNumber,
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The document as an email: a plain-text and an HTML rendering of the same content. */
export function renderDocument(document: BillingDocument): { subject: string; text: string; html: string } {
  const title = document.kind === 'invoice' ? 'Invoice' : 'Credit note';
  const na = (value: string | null) => value ?? 'N/A';
  const facts: [string, string][] = [
    ['Event', document.eventName],
    [`${title} ID`, document.number],
    ['Date', document.issuedAt.slice(0, 10)],
    ...(document.creditedInvoiceNumber
      ? ([['Credits invoice', document.creditedInvoiceNumber]] as [string, string][])
      : []),
    ['Bill to', na(document.billTo.companyName)],
    ['Contact', na(document.billTo.contactName)],
    ['Email', na(document.billTo.email)],
    ['Address', na(document.billTo.address)],
    ['VAT number', na(document.billTo.vatNumber)],
  ];
  const lines = document.lines.map(
    (line) =>
      [
        line.description,
        String(line.quantity),
        formatInvoiceAmount(line.unitPrice, document.currency),
        formatInvoiceAmount(line.total, document.currency),
      ] as const,
  );
  const total = formatInvoiceAmount(document.totalAmount, document.currency);
  const text = [
    `${title} ${document.number}`,
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    ...lines.map(([description, quantity, unit, lineTotal]) => `${description} — ${quantity} × ${unit} = ${lineTotal}`),
    '',
    `Total amount: ${total}`,
    `Status: ${document.status}`,
    ...(document.notes ? ['', `Notes: ${document.notes}`] : []),
  ].join('\n');
  const cell = (value: string, tag = 'td') =>
    `<${tag} style="padding:4px 8px;text-align:left">${escapeHtml(value)}</${tag}>`;
  const html = [
    `<h1>${escapeHtml(title)} ${escapeHtml(document.number)}</h1>`,
    `<table>${facts.map(([label, value]) => `<tr>${cell(label, 'th')}${cell(value)}</tr>`).join('')}</table>`,
    `<table><tr>${['Description', 'Quantity', 'Unit price', 'Total'].map((h) => cell(h, 'th')).join('')}</tr>`,
    lines.map((line) => `<tr>${line.map((value) => cell(value)).join('')}</tr>`).join(''),
    '</table>',
    `<p><strong>Total amount: ${escapeHtml(total)}</strong></p>`,
    `<p>Status: ${escapeHtml(document.status)}</p>`,
    document.notes ? `<p>Notes: ${escapeHtml(document.notes)}</p>` : '',
  ].join('\n');
  return { subject: `${title} ${document.number} — ${document.eventName}`, text, html };
}

async function copyToAccounting(tx: Database, purchase: PurchaseRow, document: BillingDocument): Promise<void> {
  if (!purchase.accountingEmail) return;
  const { subject, text, html } = renderDocument(document);
  await enqueueEmail(tx, {
    toAddress: purchase.accountingEmail,
    subject,
    textBody: text,
    htmlBody: html,
    purpose: document.kind === 'invoice' ? 'invoice-copy' : 'credit-note-copy',
    eventId: purchase.eventId,
  });
}

/** Issues the purchase's invoice inside the caller's transaction, with the next number of its event. */
export async function issueInvoice(
  tx: Database,
  purchase: PurchaseRow,
  notes: string | null,
): Promise<repo.InvoiceRow> {
  const issuedAt = new Date();
  const { sequence, number } = await takeNextNumber(tx, purchase.eventId, 'invoice', issuedAt);
  const row = await repo.insertInvoice(tx, {
    eventId: purchase.eventId,
    allocationPurchaseId: purchase.id,
    sequence,
    number,
    snapshot: invoiceSnapshot(purchase, notes),
    issuedAt,
  });
  await copyToAccounting(tx, purchase, invoiceDocument(row, purchase.isPaid, null));
  return row;
}

/**
 * Issues a credit note against an invoice, inside the caller's transaction. It copies the invoice's
 * bill-to (it corrects that invoice) and carries one line for the amount credited.
 */
export async function issueCreditNote(
  tx: Database,
  purchase: PurchaseRow,
  invoice: repo.InvoiceRow,
  credit: { kind: 'refund' | 'reissue'; amountCents: number; places: number; reason: string },
): Promise<repo.CreditNoteRow> {
  const issuedAt = new Date();
  const { sequence, number } = await takeNextNumber(tx, purchase.eventId, 'credit_note', issuedAt);
  const description =
    credit.kind === 'reissue' ? `Cancels invoice ${invoice.number}` : `Refund against invoice ${invoice.number}`;
  const snapshot: DocumentSnapshot = {
    ...invoice.snapshot,
    // Whole places at the purchase's price read as such; any other amount is one line of money.
    lines: [
      credit.places > 0 && credit.places * purchase.unitPriceCents === credit.amountCents
        ? { description, quantity: credit.places, unitPrice: purchase.unitPriceCents, total: credit.amountCents }
        : { description, quantity: 1, unitPrice: credit.amountCents, total: credit.amountCents },
    ],
    totalAmount: credit.amountCents,
    notes: credit.reason,
  };
  const values = {
    eventId: purchase.eventId,
    allocationPurchaseId: purchase.id,
    invoiceId: invoice.id,
    kind: credit.kind,
    sequence,
    number,
    amountCents: credit.amountCents,
    reason: credit.reason,
    snapshot,
    issuedAt,
  };
  const row: repo.CreditNoteRow = {
    ...values,
    id: await repo.insertCreditNote(tx, values),
    invoiceNumber: invoice.number,
  };
  await copyToAccounting(tx, purchase, creditNoteDocument(row));
  return row;
}
