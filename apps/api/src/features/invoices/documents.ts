import {
  DEFAULT_INVOICE_DESCRIPTION,
  invoiceFigures,
  type BillingDocument,
  type CreditNoteSummary,
} from '@portal/shared/allocation-purchases';
import {
  DEFAULT_CREDIT_NOTE_PREFIX,
  DEFAULT_INVOICE_PREFIX,
  DEFAULT_PAYMENT_TERMS_DAYS,
  addressLines,
  type DocumentIssuer,
} from '@portal/shared/invoicing';
import { documentFileName } from '@portal/shared/billing-documents';
import type { OutboxAttachment } from '@portal/shared/email-outbox';
import { formatInvoiceAmount } from '@portal/shared/money';
import {
  countryCode,
  documentTax,
  NOT_SUBJECT_WORDING,
  partOf,
  rateToBasisPoints,
  showsVat,
  taxNotes,
  taxRowLabel,
  untaxed,
  vatIdCountry,
  type DocumentTax,
  type TaxedAmount,
  type TaxTreatment,
} from '@portal/shared/vat';
import type { Database } from '../../db/client';
import { BusinessRuleError } from '../../lib/errors';
import type { DocumentSnapshot } from '../../db/schema/invoices';
import { enqueueEmail } from '../email/email.repository';
import type { PurchaseRow } from '../allocation-purchases/allocation-purchases.repository';
import { takeNextNumber } from './document-numbers';
import { eInvoiceProblem } from './e-invoice';
import * as repo from './invoices.repository';

/** An amount as one document line: whole places at the purchase's net price read as such, any other amount as one line of money. */
function amountLine(
  description: string,
  netCents: number,
  unitNetCents: number,
  tax: DocumentTax,
): DocumentSnapshot['lines'][number] {
  const [row] = tax.breakdown;
  const vat = { vatCategory: row?.category ?? 'O', vatRate: row?.rate ?? 0 } as const;
  return unitNetCents > 0 && netCents % unitNetCents === 0
    ? { description, quantity: netCents / unitNetCents, unitPrice: unitNetCents, total: netCents, ...vat }
    : { description, quantity: 1, unitPrice: netCents, total: netCents, ...vat };
}

/** What an invoice takes from its event's invoicing settings at issue (`invoicingTerms`). */
export type InvoicingTerms = {
  issuer: DocumentIssuer | null;
  footer: string | null;
  paymentTermsDays: number;
  supplyPeriod: DocumentSnapshot['supplyPeriod'];
  invoicePrefix: string;
  creditNotePrefix: string;
  logoFileId: string | null;
};

/** An event's terms: its saved settings, else the defaults; its dates as the supply period. */
export async function invoicingTerms(db: Database, eventId: number): Promise<InvoicingTerms> {
  const found = await repo.findInvoicing(db, eventId);
  const settings = found?.settings;
  const start = found?.startDate ?? found?.endDate;
  return {
    issuer: settings ? issuerOf(settings) : null,
    footer: settings?.invoiceFooter ?? null,
    paymentTermsDays: settings?.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS,
    supplyPeriod: start ? { start, end: found?.endDate ?? start } : null,
    invoicePrefix: settings?.invoicePrefix ?? DEFAULT_INVOICE_PREFIX,
    creditNotePrefix: settings?.creditNotePrefix ?? DEFAULT_CREDIT_NOTE_PREFIX,
    logoFileId: settings?.logoFileId ?? null,
  };
}

export function issuerOf(settings: repo.InvoicingRow): DocumentIssuer {
  return {
    name: settings.issuerName,
    address: settings.issuerAddress,
    street: settings.issuerStreet,
    postcode: settings.issuerPostcode,
    city: settings.issuerCity,
    country: settings.issuerCountry,
    vatId: settings.issuerVatId,
    registrationNumber: settings.issuerRegistrationNumber,
    iban: settings.issuerIban,
    bic: settings.issuerBic,
    contactName: settings.issuerContactName,
    email: settings.issuerEmail,
    phone: settings.issuerPhone,
  };
}

/** "2026-05-02" plus `days` days, as a date. */
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** How a purchase is taxed, as frozen with it at request. */
export const treatmentOf = (purchase: PurchaseRow): TaxTreatment => ({
  category: purchase.vatCategory,
  rateBasisPoints: purchase.vatRateBasisPoints,
  listedRateBasisPoints: purchase.vatListedRateBasisPoints,
  pricesIncludeTax: purchase.pricesIncludeTax,
  exemptionReason: purchase.vatExemptionReason ?? (purchase.vatCategory === 'O' ? NOT_SUBJECT_WORDING : null),
});

/** What an approved purchase charges: its net and tax, fixed at approval. */
export function chargedOf(purchase: PurchaseRow): TaxedAmount {
  const gross = purchase.amountToPayCents ?? purchase.totalPriceCents;
  return { net: purchase.netAmountCents ?? gross, tax: purchase.taxAmountCents ?? 0, gross };
}

/** The price per place without VAT, where the price list gives it in whole minor units. */
function unitNetOf(purchase: PurchaseRow, charged: TaxedAmount): number {
  if (!purchase.pricesIncludeTax) return purchase.unitPriceCents;
  const places = purchase.acceptedAmount ?? purchase.quantity;
  return charged.net % places === 0 ? charged.net / places : 0;
}

/**
 * The frozen copy an invoice keeps of the purchase, its company, its event and its issuer at issue
 * time. A corrected invoice may carry less than the purchase (`amountCents`: what was not refunded).
 */
export function invoiceSnapshot(
  purchase: PurchaseRow,
  notes: string | null,
  terms: InvoicingTerms,
  issuedAt: Date,
  amountCents?: number,
): DocumentSnapshot {
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
  const treatment = treatmentOf(purchase);
  const charged = chargedOf(purchase);
  const amount = amountCents === undefined ? charged : partOf(amountCents, charged, treatment.rateBasisPoints);
  const tax = documentTax(treatment, amount);
  // With VAT the invoice names the VAT ID the request was taxed by; without, the company's on file (as before VAT).
  const vatNumber = purchase.vatCategory === 'O' ? (purchase.buyerVatId ?? purchase.companyVatNumber) : purchase.buyerVatId;
  return {
    eventName: figures.eventName,
    billTo: {
      companyName: purchase.companyName,
      contactName: `${purchase.requesterFirstName} ${purchase.requesterLastName}`.trim() || null,
      email: purchase.requesterEmail,
      address: purchase.companyAddress,
      street: purchase.billingStreet,
      postcode: purchase.billingPostcode,
      city: purchase.billingCity,
      vatNumber,
      country: countryCode(purchase.companyCountry) ?? (vatNumber ? vatIdCountry(vatNumber) : null),
    },
    lines: [amountLine(figures.description, amount.net, unitNetOf(purchase, charged), tax)],
    currency: purchase.currency,
    totalAmount: amount.gross,
    tax,
    notes,
    issuer: terms.issuer,
    footer: terms.footer,
    buyerReference: purchase.buyerReference,
    dueDate: addDays(issuedAt, terms.paymentTermsDays),
    supplyPeriod: terms.supplyPeriod,
    logoFileId: terms.logoFileId,
  };
}

/** What an issuer frozen before the address's parts and the contact's name existed lacks. */
const ISSUER_PARTS_BEFORE = { street: null, postcode: null, city: null, contactName: null } as const;

/** A stored snapshot with the fields documents issued before them lack. */
const completeSnapshot = (snapshot: DocumentSnapshot): DocumentSnapshot => {
  const tax = snapshot.tax ?? untaxed(snapshot.totalAmount);
  const [row] = tax.breakdown;
  return {
    ...snapshot,
    billTo: {
      ...snapshot.billTo,
      street: snapshot.billTo.street ?? null,
      postcode: snapshot.billTo.postcode ?? null,
      city: snapshot.billTo.city ?? null,
      country: snapshot.billTo.country ?? null,
    },
    lines: snapshot.lines.map((line) => ({ ...line, vatCategory: line.vatCategory ?? row!.category, vatRate: line.vatRate ?? row!.rate })),
    tax,
    issuer: snapshot.issuer ? { ...ISSUER_PARTS_BEFORE, ...snapshot.issuer } : null,
    footer: snapshot.footer ?? null,
    buyerReference: snapshot.buyerReference ?? null,
    dueDate: snapshot.dueDate ?? null,
    supplyPeriod: snapshot.supplyPeriod ?? null,
    logoFileId: snapshot.logoFileId ?? null,
  };
};

/** How an invoice was cancelled: the credit note that did it, and the corrected invoice replacing it, if any. */
export type Cancellation = { creditNote: string; replacement: string | null };

/** Whether an invoice's purchase is paid, when and by which payment (read live). */
export type Payment = { isPaid: boolean; paidAt: Date | null; paymentReference: string | null };

/** A payment as the documents' queries read it beside an invoice (`repo.paymentColumns`). */
export const paymentOf = (row: { isPaid: boolean | null; paidAt: Date | null; paymentReference: string | null }): Payment => ({
  isPaid: Boolean(row.isPaid),
  paidAt: row.paidAt,
  paymentReference: row.paymentReference,
});

export function invoiceDocument(row: repo.InvoiceRow, payment: Payment, cancellation: Cancellation | null): BillingDocument {
  return {
    kind: 'invoice',
    id: row.id,
    number: row.number,
    allocationPurchaseId: row.allocationPurchaseId ?? 0,
    eventId: row.eventId,
    ...completeSnapshot(row.snapshot),
    issuedAt: row.issuedAt.toISOString(),
    paidAt: payment.isPaid && payment.paidAt ? payment.paidAt.toISOString() : null,
    paymentReference: payment.isPaid ? payment.paymentReference : null,
    status: cancellation ? 'CANCELLED' : payment.isPaid ? 'PAID' : 'PENDING',
    creditedInvoiceNumber: null,
    cancelledByCreditNoteNumber: cancellation?.creditNote ?? null,
    replacedByInvoiceNumber: cancellation?.replacement ?? null,
  };
}

/**
 * Invoices as documents, each with what cancelled it: a cancelling credit note against it, and the
 * purchase's next invoice when it was replaced (a cancelled purchase's invoice has none).
 */
export function invoiceDocuments(
  rows: readonly { invoice: repo.InvoiceRow; payment: Payment }[],
  creditNotes: readonly repo.CreditNoteRow[],
): BillingDocument[] {
  const cancelledBy = new Map(creditNotes.filter((note) => note.kind === 'reissue').map((note) => [note.invoiceId, note.number]));
  return rows.map(({ invoice, payment }) => {
    const creditNote = cancelledBy.get(invoice.id);
    // Ids only grow: the replacement is the purchase's next invoice, whatever series it was numbered in.
    const replacement = rows
      .filter((other) => other.invoice.allocationPurchaseId === invoice.allocationPurchaseId && other.invoice.id > invoice.id)
      .sort((a, b) => a.invoice.id - b.invoice.id)[0];
    return invoiceDocument(invoice, payment, creditNote ? { creditNote, replacement: replacement?.invoice.number ?? null } : null);
  });
}

/** What credit notes have not yet taken back of an invoice. */
export const remainingOf = (invoice: repo.InvoiceRow, creditNotes: readonly { invoiceId: number; amountCents: number }[]) =>
  creditNotes.reduce((left, note) => (note.invoiceId === invoice.id ? left - note.amountCents : left), invoice.snapshot.totalAmount);

/** The net, tax and gross credit notes have not yet taken back of an invoice. */
function remainingTaxedOf(
  invoice: repo.InvoiceRow,
  creditNotes: readonly { invoiceId: number; amountCents: number; snapshot: DocumentSnapshot }[],
): TaxedAmount {
  const issued = completeSnapshot(invoice.snapshot).tax;
  return creditNotes
    .filter((note) => note.invoiceId === invoice.id)
    .map((note) => completeSnapshot(note.snapshot).tax)
    .reduce(
      (left, taken) => ({ net: left.net - taken.net, tax: left.tax - taken.tax, gross: left.gross - taken.net - taken.tax }),
      { net: issued.net, tax: issued.tax, gross: invoice.snapshot.totalAmount },
    );
}

export function creditNoteDocument(row: repo.CreditNoteRow): BillingDocument {
  return {
    kind: 'credit_note',
    id: row.id,
    number: row.number,
    allocationPurchaseId: row.allocationPurchaseId ?? 0,
    eventId: row.eventId,
    ...completeSnapshot(row.snapshot),
    issuedAt: row.issuedAt.toISOString(),
    paidAt: null,
    paymentReference: null,
    status: 'CREDITED',
    creditedInvoiceNumber: row.invoiceNumber,
    cancelledByCreditNoteNumber: null,
    replacedByInvoiceNumber: null,
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

/** Who issued a document, as label and value pairs: only what the organiser filled in. */
export function issuerFacts(issuer: DocumentIssuer | null): [string, string][] {
  if (!issuer) return [];
  const facts: [string, string | null][] = [
    ['Issued by', issuer.name],
    ['Issuer address', [...addressLines(issuer), issuer.country].filter(Boolean).join(', ') || null],
    ['Issuer VAT ID', issuer.vatId],
    ['Company registration', issuer.registrationNumber],
    ['IBAN', issuer.iban],
    ['BIC', issuer.bic],
    ['Issuer contact', [issuer.contactName, issuer.email, issuer.phone].filter(Boolean).join(', ') || null],
  ];
  return facts.filter((fact): fact is [string, string] => fact[1] !== null);
}

/** The document as an email: a plain-text and an HTML rendering of the same content. */
export function renderDocument(document: BillingDocument): { subject: string; text: string; html: string } {
  const title = document.kind === 'invoice' ? 'Invoice' : 'Credit note';
  const na = (value: string | null) => value ?? 'N/A';
  const when = (label: string, value: string | null): [string, string][] => (value ? [[label, value]] : []);
  const facts: [string, string][] = [
    ...issuerFacts(document.issuer),
    ['Event', document.eventName],
    [`${title} ID`, document.number],
    ['Date', document.issuedAt.slice(0, 10)],
    ...when(
      'Supply date',
      document.supplyPeriod &&
        (document.supplyPeriod.start === document.supplyPeriod.end
          ? document.supplyPeriod.start
          : `${document.supplyPeriod.start} to ${document.supplyPeriod.end}`),
    ),
    ...when('Due date', document.status === 'PENDING' ? document.dueDate : null),
    ...when('Paid on', document.paidAt?.slice(0, 10) ?? null),
    ...when('Credits invoice', document.creditedInvoiceNumber),
    ['Bill to', na(document.billTo.companyName)],
    ['Contact', na(document.billTo.contactName)],
    ['Email', na(document.billTo.email)],
    ['Address', na(addressLines(document.billTo).join(', ') || null)],
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
  const money = (minorUnits: number) => formatInvoiceAmount(minorUnits, document.currency);
  const vat: [string, string][] = showsVat(document.tax)
    ? [
        ...document.tax.breakdown.map((row): [string, string] => [`${taxRowLabel(row)} on ${money(row.net)}`, money(row.tax)]),
        ['Total net', money(document.tax.net)],
        ['Total VAT', money(document.tax.tax)],
      ]
    : [];
  const vatNotes = taxNotes(document.tax);
  const text = [
    `${title} ${document.number}`,
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    ...lines.map(([description, quantity, unit, lineTotal]) => `${description} — ${quantity} × ${unit} = ${lineTotal}`),
    '',
    ...vat.map(([label, value]) => `${label}: ${value}`),
    `Total amount: ${total}`,
    ...vatNotes,
    `Status: ${document.status}`,
    ...(document.notes ? ['', `Notes: ${document.notes}`] : []),
    ...(document.footer ? ['', document.footer] : []),
  ].join('\n');
  const cell = (value: string, tag = 'td') =>
    `<${tag} style="padding:4px 8px;text-align:left">${escapeHtml(value)}</${tag}>`;
  const html = [
    `<h1>${escapeHtml(title)} ${escapeHtml(document.number)}</h1>`,
    `<table>${facts.map(([label, value]) => `<tr>${cell(label, 'th')}${cell(value)}</tr>`).join('')}</table>`,
    `<table><tr>${['Description', 'Quantity', 'Unit price', 'Total'].map((h) => cell(h, 'th')).join('')}</tr>`,
    lines.map((line) => `<tr>${line.map((value) => cell(value)).join('')}</tr>`).join(''),
    '</table>',
    vat.length ? `<table>${vat.map(([label, value]) => `<tr>${cell(label, 'th')}${cell(value)}</tr>`).join('')}</table>` : '',
    `<p><strong>Total amount: ${escapeHtml(total)}</strong></p>`,
    ...vatNotes.map((note) => `<p>${escapeHtml(note)}</p>`),
    `<p>Status: ${escapeHtml(document.status)}</p>`,
    document.notes ? `<p>Notes: ${escapeHtml(document.notes)}</p>` : '',
    document.footer ? `<p>${escapeHtml(document.footer)}</p>` : '',
  ].join('\n');
  return { subject: `${title} ${document.number} — ${document.eventName}`, text, html };
}

/** The reference a mail keeps to a document it carries, as its PDF or its e-invoice (drawn when the mail is sent). */
export function attachmentOf(
  document: Pick<BillingDocument, 'kind' | 'id' | 'number'>,
  format: 'pdf' | 'xml' = 'pdf',
): OutboxAttachment {
  return { kind: document.kind, id: document.id, fileName: documentFileName(document, format), format };
}

/** The document to the event's accounting address: as text, with its PDF and (when it can be one) its e-invoice attached. */
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
    attachments: [
      attachmentOf(document),
      ...(eInvoiceProblem(document) ? [] : [attachmentOf(document, 'xml')]),
    ],
  });
}

/** Issues the purchase's invoice inside the caller's transaction, with the next number of its event. */
export async function issueInvoice(
  tx: Database,
  purchase: PurchaseRow,
  notes: string | null,
  amountCents?: number,
): Promise<repo.InvoiceRow> {
  const issuedAt = new Date();
  const terms = await invoicingTerms(tx, purchase.eventId);
  const { series, sequence, number } = await takeNextNumber(tx, terms.invoicePrefix, issuedAt);
  const row = await repo.insertInvoice(tx, {
    eventId: purchase.eventId,
    allocationPurchaseId: purchase.id,
    series,
    sequence,
    number,
    snapshot: invoiceSnapshot(purchase, notes, terms, issuedAt, amountCents),
    issuedAt,
  });
  await copyToAccounting(tx, purchase, invoiceDocument(row, purchase, null));
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
  credit: { kind: 'refund' | 'reissue'; amountCents: number; reason: string },
): Promise<repo.CreditNoteRow> {
  const taken = await repo.creditNotesOfInvoice(tx, invoice.id);
  const remaining = remainingOf(invoice, taken);
  // Never more than is left of the invoice: a reissue after a refund credits only the rest.
  // Zero only cancels an invoice of nothing (a free purchase's), which a correction may replace.
  const nothingToCredit = credit.amountCents === 0 && invoice.snapshot.totalAmount !== 0;
  if (credit.amountCents < 0 || nothingToCredit || credit.amountCents > remaining) {
    const message = `A credit note against invoice ${invoice.number} can take back at most ${formatInvoiceAmount(remaining, invoice.snapshot.currency)}`;
    throw new BusinessRuleError(message, [{ field: 'amount', message }]);
  }
  const issuedAt = new Date();
  const { creditNotePrefix } = await invoicingTerms(tx, purchase.eventId);
  const { series, sequence, number } = await takeNextNumber(tx, creditNotePrefix, issuedAt);
  const description =
    credit.kind === 'reissue' ? `Cancels invoice ${invoice.number}` : `Refund against invoice ${invoice.number}`;
  // It corrects that invoice: its bill-to, issuer (logo too) and VAT treatment are the invoice's; nothing is due on it.
  const issued = completeSnapshot(invoice.snapshot);
  const [rate] = issued.tax.breakdown;
  const amount = partOf(credit.amountCents, remainingTaxedOf(invoice, taken), rateToBasisPoints(rate!.rate));
  const tax = { ...issued.tax, breakdown: [{ ...rate!, net: amount.net, tax: amount.tax }], net: amount.net, tax: amount.tax };
  const snapshot: DocumentSnapshot = {
    ...issued,
    dueDate: null,
    lines: [amountLine(description, amount.net, unitNetOf(purchase, chargedOf(purchase)), tax)],
    totalAmount: credit.amountCents,
    tax,
    notes: credit.reason,
  };
  const values = {
    eventId: purchase.eventId,
    allocationPurchaseId: purchase.id,
    invoiceId: invoice.id,
    kind: credit.kind,
    series,
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
