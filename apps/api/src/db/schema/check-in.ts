import { sql } from 'drizzle-orm';
import {
  bigint,
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
} from 'drizzle-orm/pg-core';
import type { CheckInRule } from '@portal/shared/check-in';
import { admins } from './admins';
import { badges } from './badges';
import { events } from './events';

/**
 * A place badges are checked in at ("Hall entrance", "VIP lounge"): which badge types it admits and
 * when (`rules`), which categories (none listed: every category of an admitted type), whether exits
 * are scanned and whether a second entry is allowed.
 */
export const checkInLists = pgTable(
  'check_in_lists',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    rules: jsonb('rules').$type<CheckInRule[]>().notNull(),
    categoryIds: integer('category_ids').array().notNull().default(sql`'{}'::integer[]`),
    scansExits: boolean('scans_exits').notNull().default(false),
    allowsReentry: boolean('allows_reentry').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('check_in_lists_event_name_key').on(t.eventId, sql`lower(${t.name})`)],
);

/**
 * A phone or laptop at the door, paired to an event and some of its lists. It signs in with its own
 * token (stored hashed), never a person's account; a pairing code (hashed, short-lived) gives it one.
 */
export const checkInDevices = pgTable(
  'check_in_devices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    role: text('role', { enum: ['steward', 'supervisor'] }).notNull().default('steward'),
    tokenHash: text('token_hash'),
    pairingCodeHash: text('pairing_code_hash'),
    pairingExpiresAt: timestamp('pairing_expires_at', { withTimezone: true }),
    pairedAt: timestamp('paired_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdByAdminId: integer('created_by_admin_id').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('check_in_devices_token_key').on(t.tokenHash),
    uniqueIndex('check_in_devices_pairing_code_key').on(t.pairingCodeHash),
    index('check_in_devices_event_idx').on(t.eventId, t.id),
    check('check_in_devices_role_known', sql`${t.role} IN ('steward', 'supervisor')`),
  ],
);

/** The lists a device scans for. */
export const checkInDeviceLists = pgTable(
  'check_in_device_lists',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => checkInDevices.id, { onDelete: 'cascade' }),
    listId: integer('list_id')
      .notNull()
      .references(() => checkInLists.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.listId] }), index('check_in_device_lists_list_idx').on(t.listId)],
);

/**
 * Every scan a device made, whatever its result: the check-in log. A device's nonce is unique, so a
 * scan sent twice (a retry, a queued scan synced again) is applied once. `localResult` is what a
 * device decided offline; an offline "admitted" the server answers otherwise is a conflict, kept
 * for a supervisor to see. Holder and code are copied so the log outlives a deleted badge.
 */
export const checkIns = pgTable(
  'check_ins',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    listId: integer('list_id')
      .notNull()
      .references(() => checkInLists.id),
    // No action (checked at the statement's end): an event's deletion removes its lists and log together.
    deviceId: integer('device_id').references(() => checkInDevices.id),
    badgeId: integer('badge_id').references(() => badges.id, { onDelete: 'set null' }),
    code: text('code').notNull(),
    holderName: text('holder_name'),
    direction: text('direction', { enum: ['entry', 'exit'] }).notNull(),
    method: text('method', { enum: ['camera', 'scanner', 'typed', 'search', 'walk_in'] }).notNull(),
    result: text('result', {
      enum: ['admitted', 'already_checked_in', 'cancelled', 'not_admitted', 'unknown', 'other_event'],
    }).notNull(),
    reason: text('reason'),
    nonce: text('nonce').notNull(),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    offline: boolean('offline').notNull().default(false),
    localResult: text('local_result'),
    conflict: boolean('conflict').notNull().default(false),
    conflictResolvedAt: timestamp('conflict_resolved_at', { withTimezone: true }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoReason: text('undo_reason'),
    undoneByDeviceId: integer('undone_by_device_id').references(() => checkInDevices.id, { onDelete: 'set null' }),
    undoneByAdminId: integer('undone_by_admin_id').references(() => admins.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('check_ins_device_nonce_key').on(t.deviceId, t.nonce),
    index('check_ins_event_recorded_idx').on(t.eventId, t.recordedAt, t.id),
    index('check_ins_list_recorded_idx').on(t.listId, t.recordedAt),
    index('check_ins_list_badge_idx').on(t.listId, t.badgeId),
    index('check_ins_badge_idx').on(t.badgeId),
    index('check_ins_open_conflicts_idx')
      .on(t.eventId, t.recordedAt)
      .where(sql`${t.conflict} AND ${t.conflictResolvedAt} IS NULL`),
    check('check_ins_direction_known', sql`${t.direction} IN ('entry', 'exit')`),
  ],
);

/**
 * Where a badge stands on a list, kept with each applied scan so a redeem reads one row: its
 * admitted entries, the last entry and exit, and whether it is inside. Locked (`FOR UPDATE`) by the
 * redeem that changes it, so two devices admitting one badge at once admit it once.
 */
export const checkInPresence = pgTable(
  'check_in_presence',
  {
    listId: integer('list_id')
      .notNull()
      .references(() => checkInLists.id, { onDelete: 'cascade' }),
    badgeId: integer('badge_id')
      .notNull()
      .references(() => badges.id, { onDelete: 'cascade' }),
    entries: integer('entries').notNull().default(0),
    inside: boolean('inside').notNull().default(false),
    lastEntryAt: timestamp('last_entry_at', { withTimezone: true }),
    lastExitAt: timestamp('last_exit_at', { withTimezone: true }),
    lastDeviceId: integer('last_device_id').references(() => checkInDevices.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.badgeId] }), index('check_in_presence_list_updated_idx').on(t.listId, t.updatedAt)],
);
