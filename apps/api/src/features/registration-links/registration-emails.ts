import type { Database } from '../../db/client';
import { enqueueEmail, enqueueEmails } from '../email/email.repository';
import { renderTemplate, type TemplateParts } from '../email-templates/template-rendering';

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

/**
 * Tells the holder of a badge that someone registered its address again through a badge link. The
 * form answered as for a new badge, so that a shared link tells nobody who holds one.
 */
export async function queueBadgeHolderNotice(
  db: Database,
  attempt: { email: string; eventId: number; eventName: string; badgeCategory: string },
): Promise<void> {
  await enqueueEmail(db, {
    toAddress: attempt.email,
    eventId: attempt.eventId,
    purpose: 'registration_existing_badge',
    subject: `Badge registration for ${attempt.eventName}`,
    textBody: [
      'Hello,',
      '',
      `Someone registered this email address for a badge of the category ${attempt.badgeCategory} at ${attempt.eventName} on the Exhibitor Portal.`,
      'This address already holds a badge of that category, so no second badge was registered. Your badge and its code are unchanged.',
      '',
      'If this was not you, you can ignore this message: nothing has changed.',
    ].join('\n'),
  });
}

/** What a badge link's mails say of the event and of the company that hands out the badge. */
export type LinkMailContext = { eventName: string; eventDates: string; companyName: string; badgeCategory: string };

/** A recipient of a single-use badge link. The mail names the link's owner, never a company the sender typed. */
export type LinkRecipient = { email: string; firstName: string; lastName: string };

/**
 * Emails each recipient its single-use badge link, worded by the given template; in the caller's
 * transaction. The messages are about the owning exhibitor's records, so its outbox lists them.
 */
export async function queueUserLinkEmails(
  db: Database,
  input: {
    eventId: number;
    exhibitorId: number;
    links: { id: string; recipient: LinkRecipient }[];
    template: TemplateParts;
    context: LinkMailContext;
    publicUrl: string;
  },
): Promise<void> {
  await enqueueEmails(
    db,
    input.links.map(({ id, recipient }) => {
      const mail = renderTemplate(input.template, {
        ...input.context,
        firstName: recipient.firstName,
        lastName: recipient.lastName,
        registrationLink: `${input.publicUrl}/register/${id}`,
      });
      return {
        toAddress: recipient.email,
        eventId: input.eventId,
        exhibitorId: input.exhibitorId,
        purpose: 'registration_link',
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
      };
    }),
  );
}
