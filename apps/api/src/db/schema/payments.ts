import { PAYMENT_PROVIDERS, SANDBOX_SESSION_STATES } from '@portal/shared/allocation-purchases';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { allocationPurchases } from './allocation-purchases';

export const PAYMENT_ATTEMPT_STATES = ['open', 'succeeded', 'failed', 'expired'] as const;
export const REFUND_STATES = ['succeeded', 'pending', 'failed'] as const;

/**
 * One try at paying a purchase with one provider: a sandbox session, a Stripe Checkout Session or
 * a recorded bank transfer. Its state moves from `open` once, by a conditional UPDATE, so the
 * webhook, the sync call and a retry applying the same payment cannot apply it twice.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    allocationPurchaseId: integer('allocation_purchase_id')
      .notNull()
      .references(() => allocationPurchases.id, { onDelete: 'restrict' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** The provider's id of the session (or the bank transfer reference). */
    externalId: text('external_id').notNull(),
    /** The provider's id of the money received (Stripe payment intent), known once paid. */
    paymentReference: text('payment_reference'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    state: text('state', { enum: PAYMENT_ATTEMPT_STATES }).notNull().default('open'),
    createdByAdminId: integer('created_by_admin_id').references(() => admins.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When a succeeded attempt was acted on (the purchase paid, or the late payment given back), in
     * the transaction that recorded it. A succeeded attempt without it is settled by the sweep.
     */
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_attempts_provider_external_key').on(t.provider, t.externalId),
    index('payment_attempts_unapplied_idx')
      .on(t.id)
      .where(sql`${t.state} = 'succeeded' AND ${t.appliedAt} IS NULL`),
    index('payment_attempts_purchase_idx').on(t.allocationPurchaseId, t.createdAt),
    index('payment_attempts_reference_idx').on(t.paymentReference),
    check('payment_attempts_state_known', sql`${t.state} IN ('open', 'succeeded', 'failed', 'expired')`),
    check('payment_attempts_amount_positive', sql`${t.amountCents} >= 0`),
  ],
);

/** Money given back for a purchase, in part or in full, by an organiser, the provider or the portal itself. */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    allocationPurchaseId: integer('allocation_purchase_id')
      .notNull()
      .references(() => allocationPurchases.id, { onDelete: 'restrict' }),
    paymentAttemptId: integer('payment_attempt_id').references(() => paymentAttempts.id, { onDelete: 'restrict' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** The provider's refund id, when it has one. */
    externalId: text('external_id'),
    amountCents: integer('amount_cents').notNull(),
    placesRemoved: integer('places_removed').notNull().default(0),
    reason: text('reason').notNull(),
    /** `late_payment`: a payment that arrived for a purchase no longer approved, given back automatically. */
    kind: text('kind', { enum: ['requested', 'provider', 'late_payment'] }).notNull(),
    state: text('state', { enum: REFUND_STATES }).notNull(),
    createdByAdminId: integer('created_by_admin_id').references(() => admins.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_refunds_purchase_idx').on(t.allocationPurchaseId),
    uniqueIndex('payment_refunds_provider_external_key').on(t.provider, t.externalId),
    check('payment_refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** The sandbox provider's own record of its checkout sessions: what a real provider would hold. */
export const sandboxSessions = pgTable(
  'sandbox_sessions',
  {
    id: text('id').primaryKey(),
    allocationPurchaseId: integer('allocation_purchase_id')
      .notNull()
      .references(() => allocationPurchases.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    state: text('state', { enum: SANDBOX_SESSION_STATES }).notNull().default('open'),
    refundedCents: integer('refunded_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_sessions_purchase_idx').on(t.allocationPurchaseId),
    check('sandbox_sessions_state_known', sql`${t.state} IN ('open', 'succeeded', 'failed', 'abandoned')`),
    check('sandbox_sessions_refund_within', sql`${t.refundedCents} >= 0 AND ${t.refundedCents} <= ${t.amountCents}`),
  ],
);

/** Provider webhook events already processed: a replayed delivery is answered and ignored. */
export const processedWebhookEvents = pgTable(
  'processed_webhook_events',
  {
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * When the public status page last asked the provider about a purchase: every process reads and
 * claims it, so the provider is asked at most once per purchase in a few seconds (docs/purchases.md).
 */
export const paymentStatusSyncs = pgTable('payment_status_syncs', {
  allocationPurchaseId: integer('allocation_purchase_id')
    .primaryKey()
    .references(() => allocationPurchases.id, { onDelete: 'cascade' }),
  syncedAt: timestamp('synced_at', { withTimezone: true }).notNull(),
});
