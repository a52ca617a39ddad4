import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { badges } from './badges';
import { events } from './events';

/**
 * The organiser's lead rules for an event (docs/leads.md): which of a visitor's fields exhibitors
 * receive from a scan, whether visitors are asked for consent at registration (and the wording's
 * version), how long leads are kept after the event, and whether exhibitors scan by default.
 * No row: the defaults (name and company only, no consent asked, 60 days, scanning on).
 */
export const leadSettings = pgTable(
  'lead_settings',
  {
    eventId: integer('event_id')
      .primaryKey()
      .references(() => events.id, { onDelete: 'cascade' }),
    releasedFields: jsonb('released_fields').$type<string[]>().notNull().default([]),
    askConsent: boolean('ask_consent').notNull().default(false),
    consentWording: text('consent_wording'),
    consentVersion: integer('consent_version').notNull().default(0),
    retentionDays: integer('retention_days').notNull().default(60),
    scanningByDefault: boolean('scanning_by_default').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('lead_settings_retention_positive', sql`${t.retentionDays} > 0`)],
);

/**
 * One exhibitor's lead access and choices: scanning turned on or off by the organiser (null: the
 * event's default), and whether its sub-accounts see the whole team's leads.
 */
export const exhibitorLeadSettings = pgTable('exhibitor_lead_settings', {
  exhibitorId: integer('exhibitor_id')
    .primaryKey()
    .references(() => admins.id, { onDelete: 'cascade' }),
  scanningEnabled: boolean('scanning_enabled'),
  shareWithTeam: boolean('share_with_team').notNull().default(false),
  /** When the purge reminder for this exhibitor's leads was sent. */
  purgeReminderSentAt: timestamp('purge_reminder_sent_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A visitor who stopped at an exhibitor's booth: one per visitor and exhibitor, whoever of its staff
 * scanned. The lead belongs to the exhibitor (its account, `exhibitorId`): removing the staff member
 * who scanned keeps it, with the scanner's name. Name and company are copied at the scan so the lead
 * outlives a deleted badge; every other released field is read from the badge, through the event's
 * release list, each time the lead is sent. `consentGiven`/`consentVersion` are the visitor's at the scan.
 */
export const leads = pgTable(
  'leads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    exhibitorId: integer('exhibitor_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    badgeId: integer('badge_id').references(() => badges.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    company: text('company'),
    scannedByAdminId: integer('scanned_by_admin_id').references(() => admins.id, { onDelete: 'set null' }),
    scannedByName: text('scanned_by_name').notNull(),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    /** Null where the event did not ask for consent at the scan. */
    consentGiven: boolean('consent_given'),
    consentVersion: integer('consent_version'),
    rating: text('rating', { enum: ['cold', 'warm', 'hot'] }),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** Answers to the exhibitor's qualifier questions, by custom-field id. */
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull().default({}),
    scans: integer('scans').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('leads_exhibitor_badge_key').on(t.exhibitorId, t.badgeId),
    index('leads_exhibitor_scanned_idx').on(t.exhibitorId, t.scannedAt, t.id),
    index('leads_scanner_scanned_idx').on(t.scannedByAdminId, t.scannedAt),
    index('leads_event_exhibitor_idx').on(t.eventId, t.exhibitorId),
    index('leads_tags_idx').using('gin', t.tags),
    check('leads_rating_known', sql`${t.rating} IS NULL OR ${t.rating} IN ('cold', 'warm', 'hot')`),
  ],
);

/** A note on a lead, by its client-made id: written offline and sent twice, it is kept once. */
export const leadNotes = pgTable(
  'lead_notes',
  {
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    text: text('text').notNull(),
    authorAdminId: integer('author_admin_id').references(() => admins.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.leadId, t.id] })],
);

/**
 * Every scan that reached a lead, by its scanner's nonce: the same nonce again answers with the same
 * lead and writes nothing. A second scan of a visitor is a capture of the existing lead.
 */
export const leadCaptures = pgTable(
  'lead_captures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    nonce: text('nonce').notNull(),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lead_captures_admin_nonce_key').on(t.adminId, t.nonce), index('lead_captures_lead_idx').on(t.leadId)],
);

/** Who exported an exhibitor's leads and when: kept after the leads are purged. */
export const leadExports = pgTable(
  'lead_exports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    exhibitorId: integer('exhibitor_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    byName: text('by_name').notNull(),
    format: text('format', { enum: ['xlsx', 'csv'] }).notNull(),
    rows: integer('rows').notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lead_exports_exhibitor_idx').on(t.exhibitorId, t.createdAt)],
);

/**
 * Who of an exhibitor's staff holds one of the lead-scanning seats it bought as an add-on (used only
 * where scanning is sold: the exhibitor's switch and the event's default leave it to the add-on).
 */
export const leadScannerSeats = pgTable(
  'lead_scanner_seats',
  {
    adminId: integer('admin_id')
      .primaryKey()
      .references(() => admins.id, { onDelete: 'cascade' }),
    exhibitorId: integer('exhibitor_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lead_scanner_seats_exhibitor_idx').on(t.exhibitorId)],
);
