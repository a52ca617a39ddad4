import { sql } from 'drizzle-orm';
import type { OutboxAttachment } from '@portal/shared/email-outbox';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { events } from './events';

/**
 * Every message is written here first, in the transaction of the change that causes it, then
 * delivered by the outbox worker: nothing is lost when the mail server is down.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    purpose: text('purpose').notNull(),
    /** The exhibitor (admin id) whose records the message is about: its outbox shows the message. */
    exhibitorId: integer('exhibitor_id').references(() => admins.id, { onDelete: 'set null' }),
    /** The signed-in account the message is addressed to, when it is one. */
    recipientAdminId: integer('recipient_admin_id').references(() => admins.id, { onDelete: 'set null' }),
    /** Documents sent with the message as PDFs, drawn at send time from their frozen copies. */
    attachments: jsonb('attachments').$type<OutboxAttachment[]>(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('email_outbox_event_idx').on(t.eventId),
    index('email_outbox_exhibitor_idx').on(t.exhibitorId),
    index('email_outbox_recipient_idx').on(t.recipientAdminId),
    index('email_outbox_created_idx').on(t.createdAt),
    check('email_outbox_status_known', sql`${t.status} IN ('pending', 'sent', 'failed')`),
  ],
);
