import type { OutboxAttachment } from '@portal/shared/email-outbox';
import type { Database } from '../../db/client';
import { enqueueEmail, type OutgoingEmail } from '../email/email.repository';
import { eventPlaceholderValues } from '../email-templates/event-placeholders';
import { resolveTemplate } from '../email-templates/template-resolution';
import { renderTemplate } from '../email-templates/template-rendering';
import { findBadgeForMail, findIssuerName } from './e-badges.repository';

export const BADGE_MAIL_PURPOSE = 'badge_confirmation';

/** The Content-ID of a badge's inline QR image, which the HTML shows as `cid:` + it. */
export const badgeQrContentId = (badgeId: number) => `badge-qr-${badgeId}@exhibitor-portal`;

/**
 * What a badge's mail carries, by reference, drawn when it is sent (the badge as it is then): the
 * badge as a PDF with its layout, and its QR code as an inline image.
 */
export function badgeAttachments(badge: { id: number; code: string }): OutboxAttachment[] {
  return [
    { kind: 'badge', id: badge.id, format: 'pdf', fileName: `badge-${badge.code}.pdf` },
    { kind: 'badge', id: badge.id, format: 'png', fileName: `badge-${badge.code}-qr.png`, contentId: badgeQrContentId(badge.id) },
  ];
}

/** The badge a mail is written for. */
export type MailedBadge = { id: number; code: string; email: string; firstName: string; lastName: string };

/** Where a set of badges belongs: one event, category and exhibitor, so one template and one wording. */
export type BadgeGroup = { eventId: number; badgeCategoryId: number; badgeCategory: string; exhibitorId: number | null };

/**
 * Writes the mails of badges of one group: the template resolved once (the category's, else the
 * event's, the global one, the built-in text) and the event and issuer read once; then each badge's
 * mail rendered with its own name, code and QR image. The owning exhibitor's outbox lists them.
 */
export async function badgeMailer(db: Database, group: BadgeGroup): Promise<(badge: MailedBadge) => OutgoingEmail> {
  const [template, event, companyName] = await Promise.all([
    resolveTemplate(db, { purpose: BADGE_MAIL_PURPOSE, eventId: group.eventId, badgeCategoryId: group.badgeCategoryId }),
    eventPlaceholderValues(db, group.eventId),
    findIssuerName(db, group.exhibitorId),
  ]);
  return (badge) => {
    const mail = renderTemplate(
      template,
      { ...event, companyName, firstName: badge.firstName, lastName: badge.lastName, badgeCategory: group.badgeCategory, badgeCode: badge.code },
      { src: `cid:${badgeQrContentId(badge.id)}`, code: badge.code },
    );
    return {
      toAddress: badge.email,
      eventId: group.eventId,
      exhibitorId: group.exhibitorId,
      purpose: BADGE_MAIL_PURPOSE,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      attachments: badgeAttachments(badge),
    };
  };
}

/**
 * Queues a badge's confirmation mail, with the badge and its QR code, in the caller's transaction;
 * answers the outbox id.
 */
export async function queueBadgeConfirmation(db: Database, badgeId: number): Promise<number> {
  const badge = (await findBadgeForMail(db, badgeId))!;
  const mail = await badgeMailer(db, badge);
  return enqueueEmail(db, mail(badge));
}
