import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { emailTemplates } from './email-templates';
import { events } from './events';

/**
 * A link handed to people outside the portal. Its id is a random token, so knowing one link
 * tells nothing of another. `exhibitor` links let a company register itself as an exhibitor;
 * `badge` links let people register a badge of `badge_category_id` on a place of the allocation of
 * `exhibitor_id` (the owning exhibitor or sub-account). `email` pins a link to one recipient.
 */
export const registrationLinks = pgTable(
  'registration_links',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['exhibitor', 'badge'] }).notNull(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    exhibitorId: integer('exhibitor_id').references(() => admins.id, { onDelete: 'cascade' }),
    badgeCategoryId: integer('badge_category_id'),
    email: text('email'),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** The template the link's invitation was sent with; null when none was sent or the built-in text was used. */
    emailTemplateId: integer('email_template_id').references(() => emailTemplates.id, { onDelete: 'set null' }),
    createdByAdminId: integer('created_by_admin_id').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('registration_links_event_idx').on(t.eventId),
    index('registration_links_owner_idx').on(t.exhibitorId),
    check('registration_links_kind_known', sql`${t.kind} IN ('exhibitor', 'badge')`),
    check('registration_links_uses_within_max', sql`${t.maxUses} IS NULL OR ${t.uses} <= ${t.maxUses}`),
  ],
);
