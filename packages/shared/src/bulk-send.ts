import { z } from 'zod';
import { bulkRowReportSchema } from './bulk-imports';
import { emailSchema, idSchema, isoDateTime, isoDateTimeInput, personName } from './common';

/*
 * Bulk registration links (spec §3, §7):
 * - GET /api/admin/registration-links/bulk-user-badge-category/template: the .xlsx to fill in.
 * - POST /api/admin/registration-links/bulk-user-badge-category/upload, multipart: `file` and the
 *   fields below. One single-use badge link and one email per row. step=validate checks every row
 *   and sends nothing; step=send checks again and, only when every row is good and the places fit
 *   the owner's allocation, creates all links and queues all mails in one transaction, else 422
 *   `{ statusCode, error, message, report }` with nothing sent.
 */

/**
 * The columns of the file, in order. The mail always names the links' owner as the company that
 * hands out the badge: a file cannot word it in another company's name.
 */
export const BULK_SEND_COLUMNS = ['email', 'firstName', 'lastName'] as const;
export type BulkSendColumn = (typeof BULK_SEND_COLUMNS)[number];

export const BULK_SEND_MAX_BYTES = 5 * 1024 * 1024;
/** Each row is a mail: a larger mailing is better split, so that one bad row holds back fewer. */
export const BULK_SEND_MAX_ROWS = 5_000;
/**
 * How long a sent link stays open unless the sender chooses otherwise, for an event without an end
 * date; otherwise the links work to the end of the event's last day, in the event's time zone.
 */
export const BULK_SEND_DEFAULT_VALID_DAYS = 30;
/** The latest expiry taken: this many days after the event's end (or after now, when later or no end is set). */
export const BULK_SEND_MAX_DAYS_AFTER_EVENT = 365;

export const BULK_SEND_STEPS = ['validate', 'send'] as const;

/** The text fields beside `file` (spec §3: file, emailTemplateID, badgeCategoryId; plus the owner). */
export const bulkSendFieldsSchema = z.object({
  /** `send` by default, so that the spec's three fields alone send; the screen checks first with `validate`. */
  step: z.enum(BULK_SEND_STEPS).default('send'),
  badgeCategoryId: idSchema,
  /** A template of purpose `registration_link`; left out, the category's, event's, global or built-in one. */
  emailTemplateID: idSchema.optional(),
  /** Whose allocation the links use: an exhibitor, and `adminId` for one of its sub-accounts. Fixed for an exhibitor or sub-account. */
  exhibitorId: idSchema.optional(),
  adminId: idSchema.optional(),
  eventId: idSchema.optional(),
  /**
   * When the links stop working: in the future, at most BULK_SEND_MAX_DAYS_AFTER_EVENT days after
   * the event's end. By default the end of the event's last day (its time zone), or
   * BULK_SEND_DEFAULT_VALID_DAYS from now for an event without an end date.
   */
  expiresAt: isoDateTimeInput.optional(),
});
export type BulkSendFields = z.input<typeof bulkSendFieldsSchema>;

/** One row of the file once read: what a good row must hold. */
export const bulkSendRowSchema = z.object({
  email: emailSchema,
  firstName: personName(100),
  lastName: personName(100),
});
export type BulkSendRow = z.infer<typeof bulkSendRowSchema>;

export const bulkSendReportSchema = z.object({
  step: z.enum(BULK_SEND_STEPS),
  fileName: z.string(),
  totalRows: z.number().int(),
  invalidRows: z.number().int(),
  /** Places the good rows need against what the owner's allocation has left. */
  capacity: z.object({ needed: z.number().int(), available: z.number().int() }),
  /** Mails queued: 0 unless step=send succeeded. */
  sent: z.number().int(),
  expiresAt: isoDateTime,
  /** Only the bad rows, each with its errors by column. */
  rows: z.array(bulkRowReportSchema),
});
export type BulkSendReport = z.infer<typeof bulkSendReportSchema>;

/** The body of the 422 when any row is bad or the places do not fit: nothing was sent. */
export const bulkSendRefusalSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  report: bulkSendReportSchema,
});
