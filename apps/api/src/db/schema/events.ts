import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const events = pgTable(
  'events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    venue: text('venue'),
    city: text('city'),
    country: text('country'),
    timezone: text('timezone').notNull().default('UTC'),
    currency: text('currency').notNull().default('USD'),
    /** Receives a copy of every invoice and credit note of the event. */
    accountingEmail: text('accounting_email'),
    status: text('status', { enum: ['draft', 'published', 'archived'] }).notNull().default('draft'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('events_slug_key').on(t.slug),
    index('events_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    check('events_dates_ordered', sql`${t.endDate} IS NULL OR ${t.startDate} IS NULL OR ${t.endDate} >= ${t.startDate}`),
    check('events_status_known', sql`${t.status} IN ('draft', 'published', 'archived')`),
  ],
);
