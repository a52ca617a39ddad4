import { z } from 'zod';
import { idSchema, isoDateTime, listQueryWithSort } from './common';

/** pending: waiting for its (next) attempt; sent: accepted by the mail server; failed: gave up after the last attempt. */
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const OUTBOX_STATUS_LABELS: Readonly<Record<OutboxStatus, string>> = {
  pending: 'Pending',
  sent: 'Sent',
  failed: 'Failed',
};

/** The kinds of record a message can carry as an attachment: billing documents and badges. */
export const OUTBOX_ATTACHMENT_KINDS = ['invoice', 'credit_note', 'badge'] as const;
/**
 * How a record is attached: its PDF, a document's EN 16931 e-invoice (CII XML), or a badge's QR
 * code as a PNG image.
 */
export const OUTBOX_ATTACHMENT_FORMATS = ['pdf', 'xml', 'png'] as const;

/**
 * A record a message carries, by reference: the file is drawn when the message is sent, from the
 * document's frozen copy or the badge as it is then (its layout, its name). `fileName` is what the
 * mail names it. `format` is absent on the messages queued before e-invoices, which carry the PDF.
 * `contentId` makes the file an inline part of the HTML body, which shows it as `cid:` + that id.
 */
export const outboxAttachmentSchema = z.object({
  kind: z.enum(OUTBOX_ATTACHMENT_KINDS),
  id: z.number().int(),
  fileName: z.string(),
  format: z.enum(OUTBOX_ATTACHMENT_FORMATS).optional(),
  contentId: z.string().optional(),
});
export type OutboxAttachment = z.infer<typeof outboxAttachmentSchema>;

/**
 * One message of the outbox. `textBody` is null for every message that may carry a secret (an
 * invitation, a password reset, a registration link): whoever can read the outbox must not be
 * able to use someone else's link.
 */
export const outboxMessageSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int().nullable(),
  eventName: z.string().nullable(),
  toAddress: z.string(),
  subject: z.string(),
  purpose: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: isoDateTime,
  sentAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  textBody: z.string().nullable(),
  /** The names of the documents attached to the message, in order. */
  attachments: z.array(z.string()),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const OUTBOX_SORTS = ['createdAt', 'status', 'toAddress', 'attempts'] as const;

/** `search` matches the recipient's address. */
export const listOutboxQuerySchema = listQueryWithSort(OUTBOX_SORTS).extend({
  status: z.enum(OUTBOX_STATUSES, { error: `Choose one of: ${OUTBOX_STATUSES.join(', ')}` }).optional(),
  purpose: z.string().trim().min(1).max(100).optional(),
  eventId: idSchema.optional(),
});
export type ListOutboxQuery = z.input<typeof listOutboxQuerySchema>;

/** How the outbox names the purposes of its messages; an unlisted purpose shows as stored. */
export const OUTBOX_PURPOSE_LABELS: Readonly<Record<string, string>> = {
  invitation: 'Account invitation',
  password_reset: 'Password reset',
  registration_link: 'Badge registration link',
  badge_confirmation: 'Badge confirmation',
  registration_existing_account: 'Registration with a known address',
  registration_existing_badge: 'Badge registration with a registered address',
  'purchase-requested': 'Purchase requested',
  'purchase-approved': 'Purchase approved',
  'purchase-rejected': 'Purchase not approved',
  'purchase-paid': 'Purchase paid',
  'purchase-refunded': 'Purchase refunded',
  'purchase-cancelled': 'Purchase cancelled by the exhibitor',
  'purchase-invoice-reissued': 'Corrected invoice',
  'purchase-late-payment': 'Late purchase payment',
  'invoice-copy': 'Invoice copy',
  'credit-note-copy': 'Credit note copy',
  email_template_test: 'Template test',
};

export const outboxPurposeLabel = (purpose: string): string => OUTBOX_PURPOSE_LABELS[purpose] ?? purpose;
