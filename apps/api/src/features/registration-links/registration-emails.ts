import type { Database } from '../../db/client';
import { enqueueEmail } from '../email/email.repository';

/**
 * Tells the owner of an existing account that someone registered a company with their address,
 * and how to sign in or choose a new password; in the caller's transaction.
 */
export async function queueRegistrationNotice(
  db: Database,
  attempt: { email: string; eventId: number; eventName: string },
  publicUrl: string,
): Promise<void> {
  await enqueueEmail(db, {
    toAddress: attempt.email,
    eventId: attempt.eventId,
    purpose: 'registration_existing_account',
    subject: `Registration for ${attempt.eventName}`,
    textBody: [
      'Hello,',
      '',
      `Someone registered a company for ${attempt.eventName} on the Exhibitor Portal with this email address.`,
      'You already have an account with this address, so no new account was created.',
      '',
      `Sign in at: ${publicUrl}/login`,
      `Forgot your password? Choose a new one at: ${publicUrl}/forgot-password`,
      '',
      'If this was not you, you can ignore this message: nothing has changed.',
    ].join('\n'),
  });
}
