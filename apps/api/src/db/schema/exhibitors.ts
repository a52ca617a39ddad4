import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { admins } from './admins';

/** What an exhibitor account adds to an admin: its stand and its public profile. */
export const exhibitorProfiles = pgTable(
  'exhibitor_profiles',
  {
    adminId: integer('admin_id')
      .primaryKey()
      .references(() => admins.id, { onDelete: 'cascade' }),
    booth: text('booth'),
    hall: text('hall'),
    phone: text('phone'),
    website: text('website'),
    profile: text('profile'),
    /** The exhibitor's id in the organiser's own system, by which a re-import finds it. */
    externalId: text('external_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('exhibitor_profiles_booth_idx').on(t.booth), index('exhibitor_profiles_external_id_idx').on(t.externalId)],
);
