import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { badges } from './badges';
import { events } from './events';

/** An event's printer correction (calibration): the whole sheet moved and scaled. */
export const badgePrintSettings = pgTable(
  'badge_print_settings',
  {
    eventId: integer('event_id')
      .primaryKey()
      .references(() => events.id, { onDelete: 'cascade' }),
    offsetXMm: doublePrecision('offset_x_mm').notNull().default(0),
    offsetYMm: doublePrecision('offset_y_mm').notNull().default(0),
    scale: doublePrecision('scale').notNull().default(1),
    updatedByAdminId: integer('updated_by_admin_id').references(() => admins.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('badge_print_settings_offsets_range', sql`abs(${t.offsetXMm}) <= 20 AND abs(${t.offsetYMm}) <= 20`),
    check('badge_print_settings_scale_range', sql`${t.scale} BETWEEN 0.9 AND 1.1`),
  ],
);

/**
 * One printing of one badge. Every badge of a print run shares the run's id; a reprint carries
 * the reason given. A badge's print count and last print are read from these rows alone, never
 * copied onto the badge (docs/decisions.md).
 */
export const badgePrints = pgTable(
  'badge_prints',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    badgeId: integer('badge_id')
      .notNull()
      .references(() => badges.id, { onDelete: 'cascade' }),
    runId: uuid('run_id').notNull(),
    /** The badge's place in its run's order (company then name, or category): the run streams by it. */
    position: integer('position').notNull(),
    printedAt: timestamp('printed_at', { withTimezone: true }).notNull().defaultNow(),
    printedByAdminId: integer('printed_by_admin_id').references(() => admins.id, { onDelete: 'set null' }),
    sheet: text('sheet').notNull(),
    reason: text('reason'),
  },
  (t) => [index('badge_prints_badge_idx').on(t.badgeId, t.printedAt), uniqueIndex('badge_prints_run_position_key').on(t.runId, t.position)],
);
