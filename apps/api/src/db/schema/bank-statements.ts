import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { allocationPurchases } from './allocation-purchases';
import { events } from './events';
import { paymentAttempts } from './payments';

/**
 * A bank statement line recorded as the payment of a purchase. Its key (the bank's reference of
 * the entry, else a digest of what the line says) is unique per event, so reading the same
 * statement again, or two organisers confirming it at once, records nothing twice. A financial
 * record: ON DELETE RESTRICT everywhere.
 */
export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'restrict' }),
    lineKey: text('line_key').notNull(),
    allocationPurchaseId: integer('allocation_purchase_id')
      .notNull()
      .references(() => allocationPurchases.id, { onDelete: 'restrict' }),
    paymentAttemptId: integer('payment_attempt_id')
      .notNull()
      .references(() => paymentAttempts.id, { onDelete: 'restrict' }),
    format: text('format', { enum: ['camt053', 'csv'] }).notNull(),
    bookingDate: date('booking_date', { mode: 'string' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    reference: text('reference'),
    bankReference: text('bank_reference'),
    payer: text('payer'),
    /** How the line was matched: by the invoice number in its reference, or by its amount alone (ticked by hand). */
    matchedBy: text('matched_by', { enum: ['reference', 'amount'] }).notNull(),
    recordedByAdminId: integer('recorded_by_admin_id').references(() => admins.id, { onDelete: 'restrict' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_statement_lines_event_key').on(t.eventId, t.lineKey),
    index('bank_statement_lines_purchase_idx').on(t.allocationPurchaseId),
    check('bank_statement_lines_amount_positive', sql`${t.amountCents} > 0`),
  ],
);
