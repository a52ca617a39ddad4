import { purchaseLink } from '@portal/shared/allocation-purchases';
import { formatInvoiceAmount } from '@portal/shared/money';
import type { OutgoingEmail } from '../email/email.repository';
import type { PurchaseRow } from './allocation-purchases.repository';

/**
 * The messages of the purchase flow, each a builder of one outgoing email. They live together so
 * that they can be replaced by editable templates without touching the flow.
 */

const category = (p: PurchaseRow) => p.categoryDisplayName ?? p.categoryName;
const requesterName = (p: PurchaseRow) => `${p.requesterFirstName} ${p.requesterLastName}`.trim();
const who = (p: PurchaseRow) => (p.companyName ? `${requesterName(p)} (${p.companyName})` : requesterName(p));

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

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

export function requestReceivedEmails(p: PurchaseRow, organisers: string[], publicUrl: string): OutgoingEmail[] {
  const link = purchaseLink(publicUrl, p.id);
  return organisers.map((to) =>
    message(
      to,
      'purchase-requested',
      p,
      `Purchase request: ${p.quantity} × ${category(p)} — ${p.eventName}`,
      [
        `${who(p)} asks for ${p.quantity} more place${p.quantity === 1 ? '' : 's'} of ${category(p)} at ${p.eventName}, for ${formatInvoiceAmount(p.totalPriceCents)}.`,
        ...(p.comment ? [`Comment: ${p.comment}`] : []),
        'Approve or reject it in the portal.',
      ],
      link,
    ),
  );
}

export function decisionEmail(p: PurchaseRow, publicUrl: string): OutgoingEmail {
  const link = purchaseLink(publicUrl, p.id);
  const approved = p.status === 'approved' || p.status === 'paid';
  const paragraphs = approved
    ? [
        `Your request for ${p.quantity} place${p.quantity === 1 ? '' : 's'} of ${category(p)} at ${p.eventName} is approved for ${p.acceptedAmount}.`,
        p.isPaid
          ? 'Nothing is to be paid: the places are already in your allocation.'
          : `Amount to pay: ${formatInvoiceAmount(p.amountToPayCents ?? 0)} (invoice ${p.invoiceNumber}). The places are added once it is paid.`,
      ]
    : [
        `Your request for ${p.quantity} place${p.quantity === 1 ? '' : 's'} of ${category(p)} at ${p.eventName} was not approved.`,
      ];
  if (p.decisionComment) paragraphs.push(`Comment: ${p.decisionComment}`);
  return message(
    p.requesterEmail,
    approved ? 'purchase-approved' : 'purchase-rejected',
    p,
    `${approved ? 'Approved' : 'Not approved'}: ${category(p)} — ${p.eventName}`,
    paragraphs,
    link,
  );
}

export function paidEmail(p: PurchaseRow, publicUrl: string): OutgoingEmail {
  return message(
    p.requesterEmail,
    'purchase-paid',
    p,
    `Payment received: ${category(p)} — ${p.eventName}`,
    [
      `We received ${formatInvoiceAmount(p.amountToPayCents ?? 0)} for invoice ${p.invoiceNumber}.`,
      `${p.acceptedAmount} place${p.acceptedAmount === 1 ? '' : 's'} of ${category(p)} are now in your allocation.`,
    ],
    purchaseLink(publicUrl, p.id),
  );
}

export function refundedEmail(
  p: PurchaseRow,
  amountCents: number,
  creditNoteNumber: string,
  publicUrl: string,
): OutgoingEmail {
  return message(
    p.requesterEmail,
    'purchase-refunded',
    p,
    `Refund: ${category(p)} — ${p.eventName}`,
    [
      `${formatInvoiceAmount(amountCents)} of invoice ${p.invoiceNumber} is refunded (credit note ${creditNoteNumber}).`,
    ],
    purchaseLink(publicUrl, p.id),
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
        `${who(p)} paid ${formatInvoiceAmount(amountCents)} for purchase #${p.id} (${category(p)}), which is ${p.status}.`,
        refunded
          ? 'The payment was refunded automatically; the allocation is unchanged.'
          : 'The automatic refund failed: refund the payment with the provider by hand.',
      ],
      link,
    ),
  );
}
