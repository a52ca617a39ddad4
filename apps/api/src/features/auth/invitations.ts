import type { Database } from '../../db/client';
import { mapInSlices } from '../../lib/slices';
import { enqueueEmails, type OutgoingEmail } from '../email/email.repository';
import { eventPlaceholderValues } from '../email-templates/event-placeholders';
import { renderTemplate } from '../email-templates/template-rendering';
import { resolveTemplate } from '../email-templates/template-resolution';
import { expireOneTimeTokens, insertOneTimeTokens, newOneTimeToken } from './one-time-tokens.repository';

export const INVITATION_TTL_HOURS = 7 * 24;

export type Invitee = {
  adminId: number;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string | null;
  /** The exhibitor whose account this is (itself, or the parent of a sub-account). */
  exhibitorId: number | null;
};

/**
 * Queues the email that lets a new account choose its password, in the caller's transaction, so
 * the account and its invitation exist together or not at all. The wording is the event's
 * invitation template, else the global one, else the built-in text.
 */
export async function queueInvitation(
  db: Database,
  invitee: Invitee & { eventId: number | null },
  publicUrl: string,
): Promise<void> {
  await queueInvitations(db, await prepareInvitations(db, [invitee], invitee.eventId, publicUrl));
}

/** Sends an account a new invitation in the caller's transaction: the links sent before stop working. */
export async function renewInvitation(
  tx: Database,
  invitee: Invitee & { eventId: number | null },
  publicUrl: string,
): Promise<void> {
  await expireOneTimeTokens(tx, invitee.adminId, 'invitation');
  await queueInvitation(tx, invitee, publicUrl);
}

export type PreparedInvitations = { tokens: ReturnType<typeof newOneTimeToken>['row'][]; mails: OutgoingEmail[] };

/**
 * The invitations of many new accounts of one event (an import's), made before the transaction
 * that creates the accounts, so that it stays short: tokens drawn, the template resolved once, each
 * mail rendered (in slices, serving other requests in between). `queueInvitations` writes them.
 */
export async function prepareInvitations(
  db: Database,
  invitees: readonly Invitee[],
  eventId: number | null,
  publicUrl: string,
): Promise<PreparedInvitations> {
  if (invitees.length === 0) return { tokens: [], mails: [] };
  const template = await resolveTemplate(db, { purpose: 'invitation', eventId });
  // A portal-wide account (no event) is invited to all of them: "…account for all events".
  const event = eventId == null ? { eventName: 'all events', eventDates: '' } : await eventPlaceholderValues(db, eventId);
  const tokens: PreparedInvitations['tokens'] = [];
  const mails = await mapInSlices(invitees, (invitee): OutgoingEmail => {
    const { token, row } = newOneTimeToken(invitee.adminId, 'invitation', INVITATION_TTL_HOURS);
    tokens.push(row);
    const mail = renderTemplate(template, {
      firstName: invitee.firstName,
      lastName: invitee.lastName,
      companyName: invitee.companyName ?? '',
      ...event,
      invitationLink: `${publicUrl}/accept-invitation/${token}`,
    });
    return {
      toAddress: invitee.email,
      eventId,
      exhibitorId: invitee.exhibitorId,
      recipientAdminId: invitee.adminId,
      purpose: 'invitation',
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
    };
  });
  return { tokens, mails };
}

/** Writes prepared invitations in the transaction that creates their accounts. */
export async function queueInvitations(tx: Database, prepared: PreparedInvitations): Promise<void> {
  await insertOneTimeTokens(tx, prepared.tokens);
  await enqueueEmails(tx, prepared.mails);
}
