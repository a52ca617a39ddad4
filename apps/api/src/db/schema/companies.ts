import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { events } from './events';

/** An organisation that exhibits; `event_id` set means it was created for (and belongs to) one event. */
export const companies = pgTable(
  'companies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    country: text('country'),
    website: text('website'),
    vatNumber: text('vat_number'),
    address: text('address'),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('companies_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    index('companies_event_id_idx').on(t.eventId),
    // In the collation of the lists' ORDER BY (lib/listing nameOrder), so that the index serves them.
    index('companies_name_order_idx').on(sql`${t.name} collate "name_order"`, t.id),
  ],
);
