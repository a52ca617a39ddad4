import { z } from 'zod';
import { BADGE_TYPE_LABELS, BADGE_TYPES, type BadgeType } from './badge-categories';
import { emailSchema, idSchema, isoDateTime, isoDateTimeInput, listQuerySchema, queryInteger, textLine } from './common';

/**
 * Check-in at the door (docs/check-in.md). The access decision lives here alone: the server judges
 * every scan with `decideCheckIn`, and a device without network decides with the same function on
 * its copy of the roster, so the two never disagree about a rule.
 */

export const CHECK_IN_RESULTS = ['admitted', 'already_checked_in', 'cancelled', 'not_admitted', 'unknown', 'other_event'] as const;
export type CheckInResult = (typeof CHECK_IN_RESULTS)[number];

export const CHECK_IN_DIRECTIONS = ['entry', 'exit'] as const;
export type CheckInDirection = (typeof CHECK_IN_DIRECTIONS)[number];

/** How the code reached the device: camera, a USB/HID scanner, typed, picked from a name search, a walk-in. */
export const CHECK_IN_METHODS = ['camera', 'scanner', 'typed', 'search', 'walk_in'] as const;
export type CheckInMethod = (typeof CHECK_IN_METHODS)[number];

/** Stewards scan; supervisors also search by name, check in by hand, undo, see conflicts and register walk-ins. */
export const DEVICE_ROLES = ['steward', 'supervisor'] as const;
export type DeviceRole = (typeof DEVICE_ROLES)[number];

export const CHECK_IN_RESULT_LABELS: Readonly<Record<CheckInResult, string>> = {
  admitted: 'Admitted',
  already_checked_in: 'Already checked in',
  cancelled: 'Badge cancelled',
  not_admitted: 'Not admitted',
  unknown: 'Unknown code',
  other_event: 'Badge of another event',
};

/** A device token's prefix: tells it from a person's access token in an Authorization header. */
export const DEVICE_TOKEN_PREFIX = 'chk_';
/** How long a pairing code shown to a device stays valid. */
export const PAIRING_CODE_TTL_MINUTES = 15;
/** Pairing codes are 8 letters and digits, read from a screen and typed on a phone. */
export const PAIRING_CODE_LENGTH = 8;
/** The most queued scans one sync call takes. */
export const MAX_SYNC_BATCH = 1000;
/** A code longer than this is no badge code of ours: it is answered `unknown` without a lookup. */
export const MAX_SCANNED_CODE_LENGTH = 64;

// ---------------------------------------------------------------------------------------------
// Lists and their rules

export const timeWindowSchema = z
  .object({ from: isoDateTimeInput, to: isoDateTimeInput })
  .refine((w) => Date.parse(w.to) > Date.parse(w.from), { message: 'The window must end after it starts', path: ['to'] });
export type TimeWindow = z.infer<typeof timeWindowSchema>;

/** One admitted badge type and when: no windows means at any time. */
export const checkInRuleSchema = z.object({
  badgeType: z.enum(BADGE_TYPES),
  windows: z.array(timeWindowSchema).max(20, 'At most 20 windows per badge type').default([]),
});
export type CheckInRule = z.infer<typeof checkInRuleSchema>;

export const checkInListBodySchema = z.object({
  name: textLine(100),
  rules: z
    .array(checkInRuleSchema)
    .min(1, 'Admit at least one badge type')
    .max(BADGE_TYPES.length)
    .refine((rules) => new Set(rules.map((r) => r.badgeType)).size === rules.length, {
      message: 'Each badge type once',
    }),
  /** Categories admitted; empty: every category of an admitted badge type. */
  categoryIds: z.array(idSchema).max(500).default([]),
  scansExits: z.boolean().default(false),
  allowsReentry: z.boolean().default(false),
});
export type CheckInListBody = z.infer<typeof checkInListBodySchema>;

export const checkInListSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  name: z.string(),
  rules: z.array(z.object({ badgeType: z.enum(BADGE_TYPES), windows: z.array(z.object({ from: isoDateTime, to: isoDateTime })) })),
  categoryIds: z.array(z.number().int()),
  scansExits: z.boolean(),
  allowsReentry: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type CheckInList = z.infer<typeof checkInListSchema>;

/** What a decision needs of a list. */
export type CheckInListRules = Pick<CheckInList, 'name' | 'rules' | 'categoryIds' | 'scansExits' | 'allowsReentry'>;

// ---------------------------------------------------------------------------------------------
// The decision

/** What a decision needs of a badge. */
export type DecisionBadge = {
  categoryId: number;
  badgeType: BadgeType;
  status: 'active' | 'cancelled';
};

/** Where a badge stands on a list: none before its first admitted entry. */
export type Presence = {
  entries: number;
  inside: boolean;
  lastEntryAt: string | null;
  lastExitAt: string | null;
};

export type Decision = { result: CheckInResult; reason?: string };

function windowText(window: { from: string; to: string }, timeZone: string): string {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
  return format.formatRange(new Date(window.from), new Date(window.to));
}

/**
 * The access decision for one scan of a badge found in the list's event. `at` is the moment of the
 * scan; windows are compared in absolute time, and only worded in the event's `timeZone`.
 */
export function decideCheckIn(
  list: CheckInListRules,
  badge: DecisionBadge,
  presence: Presence | null,
  direction: CheckInDirection,
  at: Date,
  timeZone: string,
): Decision {
  if (badge.status === 'cancelled') return { result: 'cancelled' };
  const typeLabel = BADGE_TYPE_LABELS[badge.badgeType];
  const rule = list.rules.find((r) => r.badgeType === badge.badgeType);
  if (!rule) return { result: 'not_admitted', reason: `${typeLabel} badges are not admitted at ${list.name}` };
  if (list.categoryIds.length > 0 && !list.categoryIds.includes(badge.categoryId)) {
    return { result: 'not_admitted', reason: `This badge category is not admitted at ${list.name}` };
  }
  if (direction === 'exit') {
    if (!list.scansExits) return { result: 'not_admitted', reason: `${list.name} does not record exits` };
    if (!presence?.inside) return { result: 'not_admitted', reason: 'Not checked in here, so cannot leave' };
    return { result: 'admitted' };
  }
  const time = at.getTime();
  if (rule.windows.length > 0 && !rule.windows.some((w) => time >= Date.parse(w.from) && time < Date.parse(w.to))) {
    const when = rule.windows.map((w) => windowText(w, timeZone)).join('; ');
    return { result: 'not_admitted', reason: `Not admitted now: ${typeLabel.toLowerCase()} badges are admitted ${when}` };
  }
  if (presence && presence.entries > 0) {
    if (list.scansExits ? presence.inside || !list.allowsReentry : !list.allowsReentry) {
      return { result: 'already_checked_in' };
    }
  }
  return { result: 'admitted' };
}

// ---------------------------------------------------------------------------------------------
// Device API

export const pairBodySchema = z.object({
  code: z
    .string()
    .trim()
    .transform((code) => code.replace(/[\s-]/g, '').toUpperCase())
    .pipe(z.string().regex(/^[0-9A-Z]{8}$/, 'Give the 8-character pairing code')),
});

export const deviceInfoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(DEVICE_ROLES),
  event: z.object({ id: z.number().int(), name: z.string(), timezone: z.string() }),
  lists: z.array(checkInListSchema),
});
export type DeviceInfo = z.infer<typeof deviceInfoSchema>;

export const pairResponseSchema = z.object({ token: z.string(), device: deviceInfoSchema });
export type PairResponse = z.infer<typeof pairResponseSchema>;

const scannedCode = z.string().trim().min(1, 'Give the code').max(200);
const nonceSchema = z.string().trim().min(8, 'A nonce has 8 to 64 characters').max(64, 'A nonce has 8 to 64 characters');

export const redeemBodySchema = z.object({
  code: scannedCode,
  listId: idSchema,
  nonce: nonceSchema,
  scannedAt: isoDateTimeInput,
  direction: z.enum(CHECK_IN_DIRECTIONS).default('entry'),
  method: z.enum(CHECK_IN_METHODS).default('camera'),
});
export type RedeemBody = z.infer<typeof redeemBodySchema>;

/** The badge as the door sees it: enough to recognise the person. */
export const scannedBadgeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string().nullable(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  badgeType: z.enum(BADGE_TYPES),
  status: z.enum(['active', 'cancelled']),
});
export type ScannedBadge = z.infer<typeof scannedBadgeSchema>;

export const redeemResultSchema = z.object({
  checkInId: z.number().int().nullable(),
  result: z.enum(CHECK_IN_RESULTS),
  badge: scannedBadgeSchema.optional(),
  /** For `already_checked_in`: the previous admitted entry and the device that made it. */
  checkedInAt: isoDateTime.optional(),
  checkedInBy: z.string().optional(),
  reason: z.string().optional(),
  /** A scan admitted offline that the server judged otherwise. */
  conflict: z.boolean(),
});
export type RedeemResult = z.infer<typeof redeemResultSchema>;

export const syncBodySchema = z.object({
  scans: z
    .array(redeemBodySchema.extend({ localResult: z.enum(CHECK_IN_RESULTS).optional() }))
    .min(1, 'Send at least one scan')
    .max(MAX_SYNC_BATCH, `At most ${MAX_SYNC_BATCH} scans per call`),
});
export type SyncBody = z.infer<typeof syncBodySchema>;
export const syncResponseSchema = z.object({ results: z.array(redeemResultSchema.extend({ nonce: z.string() })) });

/**
 * One roster row, as a tuple to keep 100,000 of them small on the wire:
 * [badgeId, code, firstName, lastName, company, categoryId, badgeType, status,
 *  entries, inside (0|1), lastEntryAt, lastExitAt, lastDeviceName]
 */
export type RosterRow = [
  number,
  string,
  string,
  string,
  string | null,
  number,
  BadgeType,
  'active' | 'cancelled',
  number,
  0 | 1,
  string | null,
  string | null,
  string | null,
];

export type RosterEntry = DecisionBadge & {
  id: number;
  code: string;
  firstName: string;
  lastName: string;
  company: string | null;
  presence: Presence | null;
  lastDeviceName: string | null;
};

export function rosterRow(entry: RosterEntry): RosterRow {
  const p = entry.presence;
  return [
    entry.id,
    entry.code,
    entry.firstName,
    entry.lastName,
    entry.company,
    entry.categoryId,
    entry.badgeType,
    entry.status,
    p?.entries ?? 0,
    p?.inside ? 1 : 0,
    p?.lastEntryAt ?? null,
    p?.lastExitAt ?? null,
    entry.lastDeviceName,
  ];
}

export function rosterEntry(row: RosterRow): RosterEntry {
  const [id, code, firstName, lastName, company, categoryId, badgeType, status, entries, inside, lastEntryAt, lastExitAt, lastDeviceName] = row;
  return {
    id,
    code,
    firstName,
    lastName,
    company,
    categoryId,
    badgeType,
    status,
    presence: entries > 0 || lastExitAt ? { entries, inside: inside === 1, lastEntryAt, lastExitAt } : null,
    lastDeviceName,
  };
}

export const rosterQuerySchema = z.object({
  listId: idSchema,
  /** The `cursor` of an earlier answer: only what changed since. */
  since: isoDateTimeInput.optional(),
});

/** `GET /api/check-in/roster`: `full` when `badges` is the whole roster, else the rows changed since. */
export type RosterResponse = {
  listId: number;
  full: boolean;
  cursor: string;
  categories: { id: number; name: string; badgeType: BadgeType }[];
  badges: RosterRow[];
};

export const undoBodySchema = z.object({
  checkInId: idSchema,
  reason: textLine(500),
});

export const walkInBodySchema = z.object({
  listId: idSchema,
  categoryId: idSchema,
  /** The exhibitor whose allocation the badge uses; none: the organiser's own (a visitor category). */
  exhibitorId: idSchema.nullish(),
  firstName: textLine(100),
  lastName: textLine(100),
  email: emailSchema,
  nonce: nonceSchema,
});
export type WalkInBody = z.infer<typeof walkInBodySchema>;

// ---------------------------------------------------------------------------------------------
// Organiser API

export const deviceBodySchema = z.object({
  name: textLine(100),
  role: z.enum(DEVICE_ROLES).default('steward'),
  listIds: z.array(idSchema).min(1, 'Choose at least one list').max(50),
});
export type DeviceBody = z.infer<typeof deviceBodySchema>;

export const deviceSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  name: z.string(),
  role: z.enum(DEVICE_ROLES),
  listIds: z.array(z.number().int()),
  status: z.enum(['waiting', 'paired', 'revoked']),
  pairedAt: isoDateTime.nullable(),
  lastSeenAt: isoDateTime.nullable(),
  revokedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type Device = z.infer<typeof deviceSchema>;

/** Shown once, when a device is created or given a new code: the code and the address that carries it. */
export const pairingSchema = z.object({
  device: deviceSchema,
  code: z.string(),
  url: z.string(),
  expiresAt: isoDateTime,
});
export type Pairing = z.infer<typeof pairingSchema>;

export const checkInLogQuerySchema = listQuerySchema.extend({
  listId: idSchema.optional(),
  deviceId: idSchema.optional(),
  result: z.enum(CHECK_IN_RESULTS).optional(),
  conflicts: z.enum(['open', 'all']).optional(),
  from: isoDateTimeInput.optional(),
  to: isoDateTimeInput.optional(),
});
export type CheckInLogQuery = z.infer<typeof checkInLogQuerySchema>;

export const checkInLogEntrySchema = z.object({
  id: z.number().int(),
  listId: z.number().int(),
  listName: z.string(),
  deviceId: z.number().int().nullable(),
  deviceName: z.string().nullable(),
  badgeId: z.number().int().nullable(),
  code: z.string(),
  holderName: z.string().nullable(),
  company: z.string().nullable(),
  direction: z.enum(CHECK_IN_DIRECTIONS),
  method: z.enum(CHECK_IN_METHODS),
  result: z.enum(CHECK_IN_RESULTS),
  reason: z.string().nullable(),
  scannedAt: isoDateTime,
  recordedAt: isoDateTime,
  offline: z.boolean(),
  localResult: z.enum(CHECK_IN_RESULTS).nullable(),
  conflict: z.boolean(),
  conflictResolvedAt: isoDateTime.nullable(),
  undoneAt: isoDateTime.nullable(),
  undoReason: z.string().nullable(),
});
export type CheckInLogEntry = z.infer<typeof checkInLogEntrySchema>;

export const exportQuerySchema = checkInLogQuerySchema.omit({ page: true, per_page: true }).extend({
  format: z.enum(['csv', 'xlsx']).default('csv'),
});

export const checkInFiguresSchema = z.object({
  timezone: z.string(),
  lists: z.array(
    z.object({
      listId: z.number().int(),
      name: z.string(),
      /** Badges inside now (lists that scan exits), or admitted and not undone (entry-only lists). */
      inside: z.number().int(),
      /** Distinct badges ever admitted. */
      total: z.number().int(),
      /** Admitted entries per hour, oldest first, each `hour` the start of the hour. */
      perHour: z.array(z.object({ hour: isoDateTime, entries: z.number().int() })),
    }),
  ),
});
export type CheckInFigures = z.infer<typeof checkInFiguresSchema>;

export const figuresQuerySchema = z.object({ hours: queryInteger(1, 24 * 14).default(24) });
