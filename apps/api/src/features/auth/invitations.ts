import type { Database } from '../../db/client';
import { enqueueEmail } from '../email/email.repository';
import { createOneTimeToken } from './one-time-tokens.repository';

export const INVITATION_TTL_HOURS = 7 * 24;

/**
 * Queues the email that lets a new account choose its password, in the caller's transaction, so
 * the account and its invitation exist together or not at all.
 */
export async function queueInvitation(
  db: Database,
  invitee: { adminId: number; email: string; firstName: string; eventId: number | null; eventName: string | null },
  publicUrl: string,
): Promise<void> {
  const token = await createOneTimeToken(db, invitee.adminId, 'invitation', INVITATION_TTL_HOURS);
  const link = `${publicUrl}/accept-invitation/${token}`;
  const where = invitee.eventName ? ` for ${invitee.eventName}` : '';
  await enqueueEmail(db, {
    toAddress: invitee.email,
    eventId: invitee.eventId,
    purpose: 'invitation',
    subject: `Your Exhibitor Portal account${where}`,
    textBody: [
      `Hello ${invitee.firstName},`,
      '',
      `An account has been created for you on the Exhibitor Portal${where}.`,
      `Choose your password within 7 days at:`,
      link,
      '',
      'If you did not expect this message, you can ignore it.',
    ].join('\n'),
  });
}
