import type { Database } from '../../db/client';
import { enqueueEmail } from '../email/email.repository';
import { eventPlaceholderValues } from '../email-templates/event-placeholders';
import { renderTemplate } from '../email-templates/template-rendering';
import { resolveTemplate } from '../email-templates/template-resolution';
import { createOneTimeToken } from './one-time-tokens.repository';

export const INVITATION_TTL_HOURS = 7 * 24;

/**
 * Queues the email that lets a new account choose its password, in the caller's transaction, so
 * the account and its invitation exist together or not at all. The wording is the event's
 * invitation template, else the global one, else the built-in text.
 */
export async function queueInvitation(
  db: Database,
  invitee: {
    adminId: number;
    email: string;
    firstName: string;
    lastName: string;
    companyName: string | null;
    eventId: number | null;
    /** The exhibitor whose account this is (itself, or the parent of a sub-account). */
    exhibitorId: number | null;
  },
  publicUrl: string,
): Promise<void> {
  const token = await createOneTimeToken(db, invitee.adminId, 'invitation', INVITATION_TTL_HOURS);
  const template = await resolveTemplate(db, { purpose: 'invitation', eventId: invitee.eventId });
  const mail = renderTemplate(template, {
    firstName: invitee.firstName,
    lastName: invitee.lastName,
    companyName: invitee.companyName ?? '',
    ...(await eventPlaceholderValues(db, invitee.eventId)),
    invitationLink: `${publicUrl}/accept-invitation/${token}`,
  });
  await enqueueEmail(db, {
    toAddress: invitee.email,
    eventId: invitee.eventId,
    exhibitorId: invitee.exhibitorId,
    recipientAdminId: invitee.adminId,
    purpose: 'invitation',
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
  });
}
