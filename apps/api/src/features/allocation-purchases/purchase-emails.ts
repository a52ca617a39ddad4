import { purchaseLink } from '@portal/shared/allocation-purchases';
import { formatInvoiceAmount } from '@portal/shared/money';
import type { Database } from '../../db/client';
import type { OutboxAttachment } from '@portal/shared/email-outbox';
import type { OutgoingEmail } from '../email/email.repository';
import { eventPlaceholderValues } from '../email-templates/event-placeholders';
import { renderTemplate } from '../email-templates/template-rendering';
import { resolveTemplate } from '../email-templates/template-resolution';
import { attachmentOf, creditNoteDocument, renderDocument } from '../invoices/documents';
import type { CreditNoteRow } from '../invoices/invoices.repository';
import type { PurchaseRow } from './allocation-purchases.repository';

/**
 * The messages of the purchase flow. Those to the requester are worded by the `purchase_update`
 * template (the category's, the event's, the global one, else the built-in text) with the
 * particulars of each step in `{{purchaseDetails}}`; the notices to organisers are fixed text.
 */

const category = (p: PurchaseRow) => p.categoryDisplayName ?? p.categoryName;
const requesterName = (p: PurchaseRow) => `${p.requesterFirstName} ${p.requesterLastName}`.trim();
const who = (p: PurchaseRow) => (p.companyName ? `${requesterName(p)} (${p.companyName})` : requesterName(p));
const places = (n: number) => `${n} place${n === 1 ? '' : 's'}`;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A notice to an organiser. */
function message(
  to: string,
  purpose: string,
  p: PurchaseRow,
  subject: string,
  paragraphs: string[],
  link: string,
): OutgoingEmail {
  return {
    toAddress: to,
    subject,
    purpose,
    eventId: p.eventId,
    textBody: [...paragraphs, '', `Open the purchase: ${link}`].join('\n'),
    htmlBody: [
      ...paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`),
      `<p><a href="${escapeHtml(link)}">Open the purchase</a></p>`,
    ].join('\n'),
  };
}

/** A message to the requester, through its templates. */
async function purchaseUpdate(
  db: Database,
  p: PurchaseRow,
  update: { purpose: string; status: string; details: string[]; attachments?: OutboxAttachment[] },
  publicUrl: string,
): Promise<OutgoingEmail> {
  const template = await resolveTemplate(db, { purpose: 'purchase_update', eventId: p.eventId, badgeCategoryId: p.badgeCategoryId });
  const mail = renderTemplate(template, {
    firstName: p.requesterFirstName,
    lastName: p.requesterLastName,
    companyName: p.companyName ?? '',
    ...(await eventPlaceholderValues(db, p.eventId)),
    badgeCategory: category(p),
    quantity: String(p.quantity),
    purchaseStatus: update.status,
    purchaseDetails: update.details.join('\n'),
    invoiceId: p.invoiceNumber ?? '',
    portalLink: purchaseLink(publicUrl, p.id),
  });
  return {
    toAddress: p.requesterEmail,
    purpose: update.purpose,
    eventId: p.eventId,
    exhibitorId: p.exhibitorId,
    recipientAdminId: p.requestedByAdminId,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
    attachments: update.attachments ?? null,
  };
}

export function requestReceivedEmails(p: PurchaseRow, organisers: string[], publicUrl: string): OutgoingEmail[] {
  const link = purchaseLink(publicUrl, p.id);
  return organisers.map((to) =>
    message(
      to,
      'purchase-requested',
      p,
      `Purchase request: ${p.quantity} × ${category(p)} — ${p.eventName}`,
      [
        `${who(p)} asks for ${p.quantity} more place${p.quantity === 1 ? '' : 's'} of ${category(p)} at ${p.eventName}, for ${formatInvoiceAmount(p.totalPriceCents, p.currency)}.`,
        ...(p.comment ? [`Comment: ${p.comment}`] : []),
        'Approve or reject it in the portal.',
      ],
      link,
    ),
  );
}

/** To the requester: approved or not; an approval carries the invoice it issued (`invoice`) as a PDF. */
export function decisionEmail(
  db: Database,
  p: PurchaseRow,
  publicUrl: string,
  invoice?: { id: number; number: string },
): Promise<OutgoingEmail> {
  const approved = p.status === 'approved' || p.status === 'paid';
  const details = approved
    ? [
        `Your request for ${places(p.quantity)} of ${category(p)} at ${p.eventName} is approved for ${p.acceptedAmount}.`,
        p.isPaid
          ? 'Nothing is to be paid: the places are already in your allocation.'
          : `Amount to pay: ${formatInvoiceAmount(p.amountToPayCents ?? 0, p.currency)} (invoice ${p.invoiceNumber}). The places are added once it is paid.`,
      ]
    : [`Your request for ${places(p.quantity)} of ${category(p)} at ${p.eventName} was not approved.`];
  if (p.decisionComment) details.push(`Comment: ${p.decisionComment}`);
  return purchaseUpdate(
    db,
    p,
    {
      purpose: approved ? 'purchase-approved' : 'purchase-rejected',
      status: approved ? 'Approved' : 'Not approved',
      details,
      attachments: approved && invoice ? [attachmentOf({ kind: 'invoice', ...invoice })] : undefined,
    },
    publicUrl,
  );
}

export function paidEmail(db: Database, p: PurchaseRow, publicUrl: string): Promise<OutgoingEmail> {
  const details = [
    `We received ${formatInvoiceAmount(p.amountToPayCents ?? 0, p.currency)} for invoice ${p.invoiceNumber}.`,
    `${places(p.acceptedAmount ?? 0)} of ${category(p)} are now in your allocation.`,
  ];
  return purchaseUpdate(db, p, { purpose: 'purchase-paid', status: 'Payment received', details }, publicUrl);
}

/**
 * To the requester: money returned, with the credit note that records it in full, as text and as
 * an attached PDF (none when no invoice was issued).
 */
export function refundedEmail(
  db: Database,
  p: PurchaseRow,
  amountCents: number,
  creditNote: CreditNoteRow | null,
  publicUrl: string,
): Promise<OutgoingEmail> {
  const refunded = formatInvoiceAmount(amountCents, p.currency);
  const details = creditNote
    ? [
        `${refunded} of invoice ${p.invoiceNumber} is refunded (credit note ${creditNote.number}).`,
        '',
        renderDocument(creditNoteDocument(creditNote)).text,
      ]
    : [`${refunded} is refunded.`];
  const attachments = creditNote ? [attachmentOf({ kind: 'credit_note', id: creditNote.id, number: creditNote.number })] : undefined;
  return purchaseUpdate(db, p, { purpose: 'purchase-refunded', status: 'Refunded', details, attachments }, publicUrl);
}

/** To organisers: the requester withdrew its request, or cancelled it after approval (its invoice then credited). */
export function withdrawnEmails(p: PurchaseRow, organisers: string[], creditNoteNumber: string | null, publicUrl: string): OutgoingEmail[] {
  const link = purchaseLink(publicUrl, p.id);
  return organisers.map((to) =>
    message(
      to,
      'purchase-cancelled',
      p,
      `Purchase cancelled: ${p.quantity} × ${category(p)} — ${p.eventName}`,
      [
        `${who(p)} cancelled purchase #${p.id} (${places(p.quantity)} of ${category(p)}).`,
        ...(creditNoteNumber ? [`Invoice ${p.invoiceNumber} is cancelled by credit note ${creditNoteNumber}.`] : []),
        ...(p.decisionComment ? [`Comment: ${p.decisionComment}`] : []),
      ],
      link,
    ),
  );
}

/** To the requester: its invoice was corrected; the new one, in full, follows the explanation and is attached. */
export function reissuedEmail(
  db: Database,
  p: PurchaseRow,
  change: { oldNumber: string; creditNoteNumber: string; document: string; invoiceId: number },
  publicUrl: string,
): Promise<OutgoingEmail> {
  const details = [
    `Invoice ${change.oldNumber} is replaced by invoice ${p.invoiceNumber}; credit note ${change.creditNoteNumber} cancels the old one.`,
    '',
    change.document,
  ];
  const attachments = p.invoiceNumber ? [attachmentOf({ kind: 'invoice', id: change.invoiceId, number: p.invoiceNumber })] : undefined;
  return purchaseUpdate(
    db,
    p,
    { purpose: 'purchase-invoice-reissued', status: 'Invoice corrected', details, attachments },
    publicUrl,
  );
}

/** To organisers: money arrived for a purchase no longer approved, and what the portal did about it. */
export function latePaymentEmails(
  p: PurchaseRow,
  organisers: string[],
  amountCents: number,
  refunded: boolean,
  publicUrl: string,
): OutgoingEmail[] {
  const link = purchaseLink(publicUrl, p.id);
  return organisers.map((to) =>
    message(
      to,
      'purchase-late-payment',
      p,
      `Payment for a ${p.status} purchase — ${p.eventName}`,
      [
        `${who(p)} paid ${formatInvoiceAmount(amountCents, p.currency)} for purchase #${p.id} (${category(p)}), which is ${p.status}.`,
        refunded
          ? 'The payment was refunded automatically; the allocation is unchanged.'
          : 'The automatic refund failed: refund the payment with the provider by hand.',
      ],
      link,
    ),
  );
}
