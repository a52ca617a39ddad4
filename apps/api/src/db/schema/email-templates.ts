import { EMAIL_TEMPLATE_PURPOSES } from '@portal/shared/email-templates';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { badgeCategories } from './badges';
import { events } from './events';

/**
 * A mail's wording for one purpose: global (no event), an event's, or a badge category's of that
 * event. The portal uses the most specific active one and falls back to a built-in text.
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'cascade' }),
    badgeCategoryId: integer('badge_category_id').references(() => badgeCategories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    purpose: text('purpose', { enum: EMAIL_TEMPLATE_PURPOSES }).notNull(),
    subject: text('subject').notNull(),
    htmlBody: text('html_body').notNull(),
    textBody: text('text_body'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_templates_lookup_idx').on(t.purpose, t.eventId, t.badgeCategoryId),
    index('email_templates_event_idx').on(t.eventId),
    check('email_templates_purpose_known', sql.raw(`purpose IN (${EMAIL_TEMPLATE_PURPOSES.map((p) => `'${p}'`).join(', ')})`)),
    check('email_templates_category_needs_event', sql`${t.badgeCategoryId} IS NULL OR ${t.eventId} IS NOT NULL`),
  ],
);
