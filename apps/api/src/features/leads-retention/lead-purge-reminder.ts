import type { OutgoingEmail } from '../email/email.repository';
import { formatMailDay } from '../email-templates/event-placeholders';
import type { ReminderRecipient } from './leads-retention.repository';

export const LEAD_PURGE_REMINDER_PURPOSE = 'lead_purge_reminder';

/**
 * The reminder to export before the purge: fixed text, as the portal's other notices (a template
 * purpose would need the templates' purpose list, a database constraint, to grow). It names the
 * last day in the event's own time zone, since that is where the day ends.
 */
export function leadPurgeReminder(recipient: ReminderRecipient, publicUrl: string): OutgoingEmail {
  const lastDay = formatMailDay(recipient.keptUntil);
  const leads = recipient.leads === 1 ? '1 lead' : `${recipient.leads} leads`;
  return {
    toAddress: recipient.email,
    eventId: recipient.eventId,
    exhibitorId: recipient.exhibitorId,
    recipientAdminId: recipient.exhibitorId,
    purpose: LEAD_PURGE_REMINDER_PURPOSE,
    subject: `Your leads from ${recipient.eventName} are deleted after ${lastDay}`,
    textBody: [
      `Hello ${recipient.firstName},`,
      '',
      `Your team scanned ${leads} at ${recipient.eventName}. The organiser keeps leads for a set time after the event:`,
      `yours are kept until the end of ${lastDay} (${recipient.timezone} time) and then deleted, with their notes.`,
      '',
      `Export them as a spreadsheet (.xlsx or .csv) before then at: ${publicUrl}/leads`,
      '',
      'Deleted leads cannot be recovered. Your list of past exports stays.',
    ].join('\n'),
  };
}
