import type { BillingDocument } from '@portal/shared/allocation-purchases';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { allocationPurchases } from './allocation-purchases';
import { events } from './events';
import { files } from './files';

/** What an issued document keeps of the world at issue time. */
export type DocumentSnapshot = Pick<
  BillingDocument,
  'eventName' | 'billTo' | 'lines' | 'currency' | 'totalAmount' | 'tax' | 'notes' | 'issuer' | 'footer' | 'buyerReference' | 'dueDate' | 'supplyPeriod' | 'logoFileId'
>;

/**
 * The last number given in each series of documents. A series is a prefix ("INV", "CN", or an
 * organiser's own): events that share a prefix share its numbers, so a number is never given twice
 * in the whole portal. The row is raised inside the issuing transaction and stays locked until
 * commit, so a rolled-back issue gives its number back: numbers are gap-free.
 */
export const documentSeries = pgTable('document_series', {
  prefix: text('prefix').primaryKey(),
  lastValue: integer('last_value').notNull(),
});

/**
 * The organiser's legal entity and invoicing terms for an event: frozen into each invoice at issue.
 * An event without a row invoices with the defaults (no issuer named, 14 days, "INV" and "CN").
 */
export const eventInvoicing = pgTable(
  'event_invoicing',
  {
    eventId: integer('event_id')
      .primaryKey()
      .references(() => events.id, { onDelete: 'cascade' }),
    issuerName: text('issuer_name'),
    /** The address as one line, from before its parts; shown while no part is set. */
    issuerAddress: text('issuer_address'),
    issuerStreet: text('issuer_street'),
    issuerPostcode: text('issuer_postcode'),
    issuerCity: text('issuer_city'),
    /** ISO 3166-1 alpha-2. */
    issuerCountry: text('issuer_country'),
    issuerVatId: text('issuer_vat_id'),
    issuerRegistrationNumber: text('issuer_registration_number'),
    issuerIban: text('issuer_iban'),
    issuerBic: text('issuer_bic'),
    /** The billing contact's name; with the email and phone, the seller contact of e-invoices. */
    issuerContactName: text('issuer_contact_name'),
    issuerEmail: text('issuer_email'),
    issuerPhone: text('issuer_phone'),
    invoiceFooter: text('invoice_footer'),
    /** The event's VAT rate in basis points (19 % = 1900), for categories without their own; null: no VAT charged. */
    defaultVatRateBasisPoints: integer('default_vat_rate_bp'),
    /** Whether category prices include the VAT (gross) or have it added (net). */
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
    /** Why a 0 % rate charges nothing ("Exempt under § 4 Nr. 22 UStG"), printed on the invoice. */
    vatExemptionText: text('vat_exemption_text'),
    paymentTermsDays: integer('payment_terms_days').notNull().default(14),
    invoicePrefix: text('invoice_prefix').notNull().default('INV'),
    creditNotePrefix: text('credit_note_prefix').notNull().default('CN'),
    /** The issuer's logo (PNG or JPEG), drawn on documents issued while it is set. */
    logoFileId: text('logo_file_id').references(() => files.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('event_invoicing_terms_range', sql`${t.paymentTermsDays} BETWEEN 0 AND 365`),
    check('event_invoicing_vat_rate_range', sql`${t.defaultVatRateBasisPoints} BETWEEN 0 AND 10000`),
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
    /** Its number's series (`document_series`); null for documents numbered per event, before series. */
    series: text('series'),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    snapshot: jsonb('snapshot').$type<DocumentSnapshot>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_event_number_key').on(t.eventId, t.number),
    uniqueIndex('invoices_event_sequence_key').on(t.eventId, t.sequence).where(sql`${t.series} IS NULL`),
    uniqueIndex('invoices_series_sequence_key').on(t.series, t.sequence),
    uniqueIndex('invoices_number_key').on(t.number).where(sql`${t.series} IS NOT NULL`),
    index('invoices_purchase_idx').on(t.allocationPurchaseId),
    // The file sweep asks whether an issued document still shows a logo.
    index('invoices_logo_file_idx').on(sql`(${t.snapshot}->>'logoFileId')`).where(sql`(${t.snapshot}->>'logoFileId') IS NOT NULL`),
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
    series: text('series'),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    snapshot: jsonb('snapshot').$type<DocumentSnapshot>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_notes_event_number_key').on(t.eventId, t.number),
    uniqueIndex('credit_notes_event_sequence_key').on(t.eventId, t.sequence).where(sql`${t.series} IS NULL`),
    uniqueIndex('credit_notes_series_sequence_key').on(t.series, t.sequence),
    uniqueIndex('credit_notes_number_key').on(t.number).where(sql`${t.series} IS NOT NULL`),
    index('credit_notes_purchase_idx').on(t.allocationPurchaseId),
    index('credit_notes_invoice_idx').on(t.invoiceId),
    index('credit_notes_logo_file_idx').on(sql`(${t.snapshot}->>'logoFileId')`).where(sql`(${t.snapshot}->>'logoFileId') IS NOT NULL`),
    check('credit_notes_amount_positive', sql`${t.amountCents} >= 0`),
  ],
);
