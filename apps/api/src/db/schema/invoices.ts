import type { BillingDocument } from '@portal/shared/allocation-purchases';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { allocationPurchases } from './allocation-purchases';
import { events } from './events';

/** What an issued document keeps of the world at issue time. */
export type DocumentSnapshot = Pick<
  BillingDocument,
  'eventName' | 'billTo' | 'lines' | 'currency' | 'totalAmount' | 'notes'
>;

/**
 * The last number given per event and kind of document. It is raised inside the issuing
 * transaction, so the row stays locked until commit and a rolled-back issue gives its number back:
 * numbers are gap-free and never given twice.
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.kind] }),
    check('document_counters_kind_known', sql`${t.kind} IN ('invoice', 'credit_note')`),
  ],
);

/** An issued invoice: its figures and bill-to are a frozen copy, never edited; a correction is a credit note and a new invoice. */
export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'restrict' }),
    /** Never loses its purchase: its status (paid or not) is read from it. */
    allocationPurchaseId: integer('allocation_purchase_id').references(() => allocationPurchases.id, {
      onDelete: 'restrict',
    }),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    snapshot: jsonb('snapshot').$type<DocumentSnapshot>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_event_sequence_key').on(t.eventId, t.sequence),
    uniqueIndex('invoices_event_number_key').on(t.eventId, t.number),
    index('invoices_purchase_idx').on(t.allocationPurchaseId),
  ],
);

/** A credit note: gives back (part of) an invoice, after a refund or before a corrected invoice. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'restrict' }),
    allocationPurchaseId: integer('allocation_purchase_id').references(() => allocationPurchases.id, {
      onDelete: 'restrict',
    }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['refund', 'reissue'] }).notNull(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    snapshot: jsonb('snapshot').$type<DocumentSnapshot>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_notes_event_sequence_key').on(t.eventId, t.sequence),
    uniqueIndex('credit_notes_event_number_key').on(t.eventId, t.number),
    index('credit_notes_purchase_idx').on(t.allocationPurchaseId),
    index('credit_notes_invoice_idx').on(t.invoiceId),
    check('credit_notes_amount_positive', sql`${t.amountCents} >= 0`),
  ],
);
