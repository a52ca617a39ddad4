import { z } from 'zod';

/*
 * E-badges (docs/printing.md#e-badges): the badge's confirmation mail carries the badge as a PDF and
 * its QR code inline. POST /api/admin/exhibitor-users/{id}/resend-badge queues it again: 202 with
 * the outbox message; 410 for a cancelled badge.
 */

/** What a resend queued: the outbox message and the address it goes to. */
export const resendBadgeResultSchema = z.object({ outboxId: z.number().int(), toAddress: z.string() });
export type ResendBadgeResult = z.infer<typeof resendBadgeResultSchema>;

/** The message a cancelled badge's resend answers (410), and its queued mail fails with. */
export const CANCELLED_BADGE_MAIL_MESSAGE = 'This badge is cancelled: it is not sent';
