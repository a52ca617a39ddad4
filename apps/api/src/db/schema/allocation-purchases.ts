import { PAYMENT_PROVIDERS, PURCHASE_STATUSES } from '@portal/shared/allocation-purchases';
import { VAT_CATEGORIES } from '@portal/shared/vat';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { badgeCategories } from './badges';
import { events } from './events';

const statusList = sql.raw(PURCHASE_STATUSES.map((s) => `'${s}'`).join(', '));

/**
 * An exhibitor's (or sub-account's) request for more places of a category. Money is in the event
 * currency's minor unit (the `_cents` columns hold minor units of any currency), priced from the
 * category when requested. `status` only moves by a conditional UPDATE naming the status it
 * leaves, so two concurrent transitions can never both win. A financial record: no delete of its
 * event or of an account it names removes it (ON DELETE RESTRICT, DESIGN §3).
 */
export const allocationPurchases = pgTable(
  'allocation_purchases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'restrict' }),
    badgeCategoryId: integer('badge_category_id')
      .notNull()
      .references(() => badgeCategories.id, { onDelete: 'restrict' }),
    /** Who asked: the exhibitor itself or one of its sub-accounts. */
    requestedByAdminId: integer('requested_by_admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'restrict' }),
    /** The exhibitor whose allocation grows. */
    exhibitorId: integer('exhibitor_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'restrict' }),
    status: text('status', { enum: PURCHASE_STATUSES }).notNull().default('requested'),
    quantity: integer('quantity').notNull(),
    acceptedAmount: integer('accepted_amount'),
    unitPriceCents: integer('unit_price_cents').notNull(),
    totalPriceCents: integer('total_price_cents').notNull(),
    amountToPayCents: integer('amount_to_pay_cents'),
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** Places already taken back from the allocation by refunds. */
    placesRemoved: integer('places_removed').notNull().default(0),
    currency: text('currency').notNull(),
    /** The buyer's VAT ID as given with the request (frozen: the invoice's bill-to carries it). */
    buyerVatId: text('buyer_vat_id'),
    /** The buyer's reference for its invoices (EN 16931 BT-10), as given with the request; frozen into each invoice. */
    buyerReference: text('buyer_reference'),
    /** The billing address's parts as given with the request (XRechnung needs postcode and city); frozen into each invoice. */
    billingStreet: text('billing_street'),
    billingPostcode: text('billing_postcode'),
    billingCity: text('billing_city'),
    /**
     * The tax treatment decided at request (`taxTreatment` in packages/shared/src/vat.ts): the UNCL 5305
     * category, the rate applied and the category's listed rate in basis points, whether the prices
     * were gross, and why no VAT is charged. Purchases from before VAT read as not subject to it.
     */
    vatCategory: text('vat_category', { enum: VAT_CATEGORIES }).notNull().default('O'),
    vatRateBasisPoints: integer('vat_rate_bp').notNull().default(0),
    vatListedRateBasisPoints: integer('vat_listed_rate_bp').notNull().default(0),
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
    vatExemptionReason: text('vat_exemption_reason'),
    /** Net and tax of `amount_to_pay` (which is gross), fixed at approval. */
    netAmountCents: integer('net_amount_cents'),
    taxAmountCents: integer('tax_amount_cents'),
    isPaid: boolean('is_paid').notNull().default(false),
    comment: text('comment'),
    decisionComment: text('decision_comment'),
    decidedByAdminId: integer('decided_by_admin_id').references(() => admins.id, { onDelete: 'restrict' }),
    /** The spec's `invoice_id`: the number of the current invoice. */
    invoiceNumber: text('invoice_number'),
    paymentProvider: text('payment_provider', { enum: PAYMENT_PROVIDERS }),
    paymentReference: text('payment_reference'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('allocation_purchases_event_order_idx').on(t.eventId, t.requestedAt, t.id),
    index('allocation_purchases_exhibitor_idx').on(t.exhibitorId, t.requestedAt),
    index('allocation_purchases_requester_idx').on(t.requestedByAdminId),
    index('allocation_purchases_category_idx').on(t.badgeCategoryId),
    index('allocation_purchases_requested_idx')
      .on(t.eventId)
      .where(sql`${t.status} = 'requested'`),
    check('allocation_purchases_status_known', sql`${t.status} IN (${statusList})`),
    check('allocation_purchases_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'allocation_purchases_accepted_within',
      sql`${t.acceptedAmount} IS NULL OR (${t.acceptedAmount} >= 1 AND ${t.acceptedAmount} <= ${t.quantity})`,
    ),
    check('allocation_purchases_money_positive', sql`${t.unitPriceCents} >= 0 AND ${t.totalPriceCents} >= 0`),
    check(
      'allocation_purchases_refund_within',
      sql`${t.refundedCents} >= 0 AND ${t.refundedCents} <= coalesce(${t.amountToPayCents}, 0)`,
    ),
    check(
      'allocation_purchases_vat_rates_range',
      sql`${t.vatRateBasisPoints} BETWEEN 0 AND 10000 AND ${t.vatListedRateBasisPoints} BETWEEN 0 AND 10000`,
    ),
    check(
      'allocation_purchases_places_removed_within',
      sql`${t.placesRemoved} >= 0 AND ${t.placesRemoved} <= coalesce(${t.acceptedAmount}, 0)`,
    ),
  ],
);
