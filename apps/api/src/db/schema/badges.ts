import { CUSTOM_FIELD_TYPES, type CustomFieldOption, type CustomFieldValidation } from '@portal/shared/custom-fields';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { events } from './events';

/** Kinds of badge (type `badge`) and of add-on such as parking or catering (type `addon`). */
export const badgeCategories = pgTable(
  'badge_categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    displayName: text('display_name'),
    type: text('type', { enum: ['badge', 'addon'] }).notNull().default('badge'),
    badgeType: text('badge_type', { enum: ['exhibitor', 'visitor', 'contractor', 'vip'] }).notNull(),
    unitPriceCents: integer('unit_price_cents').notNull().default(0),
    /** This category's VAT rate in basis points; null: the event's default (`event_invoicing`). */
    vatRateBasisPoints: integer('vat_rate_bp'),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    description: text('description'),
    /** An add-on that sells lead scanning: each unit of an exhibitor's allocation is one member of its staff who may scan (docs/leads.md). */
    grantsLeadScanning: boolean('grants_lead_scanning').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('badge_categories_lead_scanning_addon', sql`NOT ${t.grantsLeadScanning} OR ${t.type} = 'addon'`),
    uniqueIndex('badge_categories_event_name_key').on(t.eventId, sql`lower(${t.name})`),
    index('badge_categories_event_order_idx').on(t.eventId, t.type, t.sortOrder, t.id),
    check('badge_categories_type_known', sql`${t.type} IN ('badge', 'addon')`),
    check('badge_categories_badge_type_known', sql`${t.badgeType} IN ('exhibitor', 'visitor', 'contractor', 'vip')`),
    check('badge_categories_price_positive', sql`${t.unitPriceCents} >= 0`),
    check('badge_categories_vat_rate_range', sql`${t.vatRateBasisPoints} BETWEEN 0 AND 10000`),
  ],
);

/**
 * How many badges (or add-ons) of a category an exhibitor may register. A sub-account's allocation
 * is a child carved out of its exhibitor's: the children's quantities are reserved from the parent.
 * `used` counts what was registered against this allocation itself, kept in the same transaction.
 */
export const allocations = pgTable(
  'allocations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    badgeCategoryId: integer('badge_category_id')
      .notNull()
      .references(() => badgeCategories.id, { onDelete: 'restrict' }),
    parentAllocationId: integer('parent_allocation_id').references((): AnyPgColumn => allocations.id, {
      onDelete: 'cascade',
    }),
    quantity: integer('quantity').notNull(),
    used: integer('used').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('allocations_admin_category_key').on(t.adminId, t.badgeCategoryId),
    index('allocations_event_idx').on(t.eventId, t.badgeCategoryId),
    index('allocations_parent_idx').on(t.parentAllocationId),
    check('allocations_quantity_positive', sql`${t.quantity} >= 0`),
    check('allocations_used_within', sql`${t.used} >= 0`),
  ],
);

/** A badge: the spec's "user" or "exhibitor user", one person's admission to one event. */
export const badges = pgTable(
  'badges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    badgeCategoryId: integer('badge_category_id')
      .notNull()
      .references(() => badgeCategories.id, { onDelete: 'restrict' }),
    /** The exhibitor whose allocation it uses; null for badges the organiser registers itself. */
    exhibitorId: integer('exhibitor_id').references(() => admins.id, { onDelete: 'cascade' }),
    allocationId: integer('allocation_id').references(() => allocations.id, { onDelete: 'set null' }),
    createdByAdminId: integer('created_by_admin_id').references(() => admins.id, { onDelete: 'set null' }),
    registrationLinkId: text('registration_link_id'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    /** The holder's password of spec §3's exhibitor user, argon2id-hashed; null when none was given. Never sent back. */
    passwordHash: text('password_hash'),
    badgeType: text('badge_type', { enum: ['exhibitor', 'visitor', 'contractor', 'vip'] }).notNull(),
    status: text('status', { enum: ['active', 'cancelled'] }).notNull().default('active'),
    code: text('code').notNull(),
    /** The consent version the holder agreed to share contact details under with exhibitors who scan them (docs/leads.md); null: not given. */
    leadConsentVersion: integer('lead_consent_version'),
    leadConsentAt: timestamp('lead_consent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('badges_code_key').on(t.code),
    uniqueIndex('badges_event_category_email_key').on(t.eventId, t.badgeCategoryId, t.email),
    index('badges_event_category_order_idx').on(t.eventId, t.badgeCategoryId, t.createdAt, t.id),
    index('badges_event_order_idx').on(t.eventId, t.createdAt, t.id),
    index('badges_exhibitor_order_idx').on(t.exhibitorId, t.createdAt, t.id),
    index('badges_creator_order_idx').on(t.createdByAdminId, t.createdAt, t.id),
    // A check-in device's roster asks for what changed since its last refresh.
    index('badges_event_updated_idx').on(t.eventId, t.updatedAt),
    index('badges_email_prefix_idx').on(sql`${t.email} text_pattern_ops`),
    index('badges_active_per_category_idx').on(t.eventId, t.badgeCategoryId).where(sql`${t.status} = 'active'`),
    // The advanced filter's equality on names and substring search on emails.
    index('badges_last_name_idx').on(t.eventId, sql`lower(${t.lastName})`),
    index('badges_first_name_idx').on(t.eventId, sql`lower(${t.firstName})`),
    index('badges_email_trgm').using('gin', sql`${t.email} gin_trgm_ops`),
    index('badges_search_trgm').using('gin', sql`(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email}) gin_trgm_ops`),
    check('badges_status_known', sql`${t.status} IN ('active', 'cancelled')`),
    check('badges_badge_type_known', sql`${t.badgeType} IN ('exhibitor', 'visitor', 'contractor', 'vip')`),
  ],
);

/** Add-ons (categories of type `addon`) given to a badge. */
export const badgeAddons = pgTable(
  'badge_addons',
  {
    badgeId: integer('badge_id')
      .notNull()
      .references(() => badges.id, { onDelete: 'cascade' }),
    addonCategoryId: integer('addon_category_id')
      .notNull()
      .references(() => badgeCategories.id, { onDelete: 'restrict' }),
    allocationId: integer('allocation_id').references(() => allocations.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.badgeId, t.addonCategoryId] }), index('badge_addons_category_idx').on(t.addonCategoryId)],
);


/** A question asked when registering a badge of one category (or of every category of the event). */
export const customFields = pgTable(
  'custom_fields',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    badgeCategoryId: integer('badge_category_id').references(() => badgeCategories.id, { onDelete: 'cascade' }),
    entityType: text('entity_type').notNull().default('badge'),
    /** The exhibitor whose own qualifier question this is (entity type `lead`); null for the organiser's. */
    exhibitorId: integer('exhibitor_id').references(() => admins.id, { onDelete: 'cascade' }),
    /** Never released to exhibitors with a lead, whatever the release list says. */
    isPrivate: boolean('is_private').notNull().default(false),
    label: text('label').notNull(),
    key: text('key').notNull(),
    type: text('type', { enum: CUSTOM_FIELD_TYPES }).notNull(),
    options: jsonb('options').$type<CustomFieldOption[]>().notNull().default([]),
    required: boolean('required').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    helpText: text('help_text'),
    validation: jsonb('validation').$type<CustomFieldValidation>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('custom_fields_scope_key_key').on(
      t.eventId,
      sql`coalesce(${t.badgeCategoryId}, 0)`,
      sql`coalesce(${t.exhibitorId}, 0)`,
      t.entityType,
      t.key,
    ),
    index('custom_fields_exhibitor_idx').on(t.exhibitorId, t.sortOrder).where(sql`${t.exhibitorId} is not null`),
    index('custom_fields_category_idx').on(t.badgeCategoryId, t.sortOrder),
    index('custom_fields_event_idx').on(t.eventId, t.sortOrder),
  ],
);

/** A badge's answer to a custom field: JSON for every type; a file answer names a stored file. */
export const badgeFieldValues = pgTable(
  'badge_field_values',
  {
    badgeId: integer('badge_id')
      .notNull()
      .references(() => badges.id, { onDelete: 'cascade' }),
    customFieldId: integer('custom_field_id')
      .notNull()
      .references(() => customFields.id, { onDelete: 'cascade' }),
    value: jsonb('value'),
    fileId: text('file_id'),
  },
  (t) => [
    primaryKey({ columns: [t.badgeId, t.customFieldId] }),
    index('badge_field_values_field_idx').on(t.customFieldId),
    // The orphan sweep asks which files an answer still names.
    index('badge_field_values_file_idx').on(t.fileId).where(sql`${t.fileId} is not null`),
  ],
);
