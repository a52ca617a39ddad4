import type { BadgeElement } from '@portal/shared/badge-layouts';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { badgeCategories } from './badges';
import { events } from './events';
import { files } from './files';

/** How an event's badges are printed: page, background and placed elements (docs/printing.md). */
export const badgeLayouts = pgTable(
  'badge_layouts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    pageSize: text('page_size', { enum: ['a6', 'a7', '4x3in', 'cr80', '54x90mm', 'folded-82x203mm'] }).notNull(),
    orientation: text('orientation', { enum: ['portrait', 'landscape'] }).notNull(),
    backgroundColor: text('background_color'),
    /** PNG or JPEG in the file store; the sweep keeps what a layout names. */
    backgroundFileId: text('background_file_id').references(() => files.id, { onDelete: 'set null' }),
    logoFileId: text('logo_file_id').references(() => files.id, { onDelete: 'set null' }),
    elements: jsonb('elements').$type<BadgeElement[]>().notNull(),
    /** Which of the layouts every event is created with this is ('a6' or 'cr80'), or null. */
    builtIn: text('built_in', { enum: ['a6', 'cr80'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('badge_layouts_event_idx').on(t.eventId, t.id),
    uniqueIndex('badge_layouts_event_built_in_key').on(t.eventId, t.builtIn).where(sql`${t.builtIn} is not null`),
    check('badge_layouts_page_size_known', sql`${t.pageSize} IN ('a6', 'a7', '4x3in', 'cr80', '54x90mm', 'folded-82x203mm')`),
    check('badge_layouts_orientation_known', sql`${t.orientation} IN ('portrait', 'landscape')`),
    check('badge_layouts_built_in_known', sql`${t.builtIn} IN ('a6', 'cr80')`),
  ],
);

/**
 * Which layout prints a badge type of an event, or one category of that type: a badge takes its
 * category's assignment, else its type's, else the event's A6 built-in.
 */
export const badgeLayoutAssignments = pgTable(
  'badge_layout_assignments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    badgeType: text('badge_type', { enum: ['exhibitor', 'visitor', 'contractor', 'vip'] }).notNull(),
    badgeCategoryId: integer('badge_category_id').references(() => badgeCategories.id, { onDelete: 'cascade' }),
    // No action (checked at the statement's end), not restrict: deleting the event removes both.
    layoutId: integer('layout_id')
      .notNull()
      .references(() => badgeLayouts.id, { onDelete: 'no action' }),
  },
  (t) => [
    uniqueIndex('badge_layout_assignments_key').on(t.eventId, t.badgeType, sql`coalesce(${t.badgeCategoryId}, 0)`),
    index('badge_layout_assignments_layout_idx').on(t.layoutId),
    check('badge_layout_assignments_badge_type_known', sql`${t.badgeType} IN ('exhibitor', 'visitor', 'contractor', 'vip')`),
  ],
);
