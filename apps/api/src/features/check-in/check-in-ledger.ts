import {
  decideCheckIn,
  MAX_SCANNED_CODE_LENGTH,
  type CheckInDirection,
  type CheckInListRules,
  type CheckInMethod,
  type CheckInResult,
  type RedeemResult,
  type ScannedBadge,
} from '@portal/shared/check-in';
import type { DeviceRole } from '@portal/shared/check-in';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { ConflictError, isUniqueViolation, NotFoundError, UnauthorizedError } from '../../lib/errors';
import { isoText } from '../../lib/listing';
import { deliveriesStep } from '../webhooks/webhooks.repository';
import { assertMayCheckInBy, DEVICE_MESSAGES, LAST_SEEN_STALE, touchDevice } from './device-auth';

/**
 * The check-in ledger: every scan, undo and conflict acknowledgement goes through here, from a
 * device or an organiser, so the log and the presence rows it keeps never disagree. A scan is two
 * statements, each atomic alone, with no transaction around them: the lookup reads the list, the
 * badge and its presence; the write records the log row and, for an admission, changes the
 * presence only if it is still as read (compare-and-set). Round trips, not the work, are what a
 * scan waits on when 32 doors scan at once; for the same reason a scan sent by a device checks
 * the device's token in its lookup rather than in a query of its own.
 */

export type Scan = {
  code: string;
  listId: number;
  nonce: string;
  /** When the decision is made for: now online, the device's time (never later than now) offline. */
  at: Date;
  direction: CheckInDirection;
  method: CheckInMethod;
  offline: boolean;
  localResult: CheckInResult | null;
};

/**
 * Who scans: a device already authenticated (its id), or the stored form of a token that the
 * scan's own lookup checks (unrevoked, and the list one of the device's).
 */
export type ScanningDevice = { id: number } | { tokenHash: string };

/** The device `d` that scans, as an SQL condition. */
function isScanningDevice(device: ScanningDevice): SQL {
  return 'id' in device ? sql`d.id = ${device.id}` : sql`d.token_hash = ${device.tokenHash} and d.revoked_at is null`;
}

type Scanner = { id: number; eventId: number };

const NONCE_KEY = 'check_ins_device_nonce_key';

/** The badge as the door sees it, from `b` (badges), `bc` (its category) and `co` (its exhibitor's company). */
const SCANNED_BADGE_JSON = sql.raw(`case when b.id is null then null else json_build_object(
    'id', b.id, 'code', b.code, 'firstName', b.first_name, 'lastName', b.last_name, 'company', co.name,
    'categoryId', b.badge_category_id, 'categoryName', coalesce(nullif(bc.display_name, ''), bc.name),
    'badgeType', b.badge_type, 'status', b.status) end`);
const BADGE_JOINS = sql.raw(`left join badge_categories bc on bc.id = b.badge_category_id
    left join admins ex on ex.id = b.exhibitor_id
    left join companies co on co.id = ex.company_id`);
const PRESENCE_JSON = sql.raw(`(select json_build_object('entries', p.entries, 'inside', p.inside,
    'lastEntryAt', ${isoText('p.last_entry_at')}, 'lastExitAt', ${isoText('p.last_exit_at')},
    'lastDeviceName', (select d.name from check_in_devices d where d.id = p.last_device_id))
    from check_in_presence p where p.list_id = l.id and p.badge_id = b.id)`);

type Lookup = {
  deviceId: number;
  eventId: number;
  timezone: string;
  role: DeviceRole;
  /** The device was last seen over a minute ago. */
  stale: boolean;
  /** Null when the list is not one of the device's. */
  listId: number | null;
  existing: boolean;
  listName: string;
  rules: CheckInListRules['rules'];
  categoryIds: number[];
  scansExits: boolean;
  allowsReentry: boolean;
  badgeEventId: number | null;
  badge: ScannedBadge | null;
  /** Null before the badge's first admission on the list. */
  presence: PresenceRow | null;
};

type PresenceRow = {
  entries: number;
  inside: boolean;
  lastEntryAt: string | null;
  lastExitAt: string | null;
  lastDeviceName: string | null;
};

/**
 * Applies one scan. The same (device, nonce) again answers as the first time and writes nothing,
 * also when both arrive at once: the second one's insert meets the unique index, its statement
 * changes nothing and the first one's row is read back.
 */
export async function applyScan(db: Database, device: ScanningDevice, scan: Scan): Promise<RedeemResult> {
  try {
    return await applyScanIn(db, device, scan);
  } catch (error) {
    if (!isUniqueViolation(error, NONCE_KEY)) throw error;
    const first = await findScanResult(db, device, scan.nonce);
    if (!first) throw error;
    return first;
  }
}

/**
 * Applies one scan through `db`, which may be a caller's transaction (a walk-in applies its badge's
 * first scan with the badge). When another scan of the badge changed its presence between this
 * one's lookup and write, the write changes nothing and the scan is decided again on the new state:
 * two devices admitting one badge at once admit it once.
 */
export async function applyScanIn(db: Database, device: ScanningDevice, scan: Scan): Promise<RedeemResult> {
  for (let first = true; ; first = false) {
    const answer = await tryScan(db, device, scan, first);
    if (answer) return answer;
  }
}

async function tryScan(db: Database, device: ScanningDevice, scan: Scan, first: boolean): Promise<RedeemResult | null> {
  // A code longer than any of ours is not looked up: it cannot match, and an index probe with a
  // pasted novel is wasted work.
  const lookupCode = scan.code.length <= MAX_SCANNED_CODE_LENGTH ? scan.code : null;
  const [found] = await queryRows<Lookup>(
    db,
    sql`with b as (select * from badges where code = ${lookupCode})
        select d.id as "deviceId", d.event_id as "eventId", e.timezone, d.role, ${LAST_SEEN_STALE} as stale,
               exists (select 1 from check_ins where device_id = d.id and nonce = ${scan.nonce}) as existing,
               l.id as "listId", l.name as "listName", l.rules, l.category_ids as "categoryIds", l.scans_exits as "scansExits",
               l.allows_reentry as "allowsReentry", b.event_id as "badgeEventId", ${SCANNED_BADGE_JSON} as badge,
               case when b.event_id = l.event_id then ${PRESENCE_JSON} end as presence
          from check_in_devices d
          join events e on e.id = d.event_id
          left join check_in_lists l on l.id = ${scan.listId} and l.event_id = d.event_id
               and exists (select 1 from check_in_device_lists dl where dl.device_id = d.id and dl.list_id = l.id)
          left join b on l.id is not null
          ${BADGE_JOINS}
         where ${isScanningDevice(device)}`,
  );
  if (!found) throw new UnauthorizedError(DEVICE_MESSAGES.unpaired);
  if (found.listId === null) throw new NotFoundError('Check-in list');
  assertMayCheckInBy(scan.method, found.role);
  if (first && found.stale) await touchDevice(db, found.deviceId);
  const scanner: Scanner = { id: found.deviceId, eventId: found.eventId };
  if (found.existing) return findScanResult(db, scanner, scan.nonce);

  const conflictIf = (result: CheckInResult) => scan.offline && scan.localResult === 'admitted' && result !== 'admitted';
  if (!found.badge || found.badgeEventId !== found.eventId) {
    // Another event's badge is named, never described: its holder is no business of this door.
    const result: CheckInResult = found.badge ? 'other_event' : 'unknown';
    const id = await recordScan(db, scanner, scan, { badgeId: null, holderName: null, result, reason: null, conflict: conflictIf(result) }, null);
    return { checkInId: id, result, conflict: conflictIf(result) };
  }

  const badge = found.badge;
  const presence = found.presence;
  const list: CheckInListRules = {
    name: found.listName,
    rules: found.rules,
    categoryIds: found.categoryIds,
    scansExits: found.scansExits,
    allowsReentry: found.allowsReentry,
  };
  const decision = decideCheckIn(
    list,
    { categoryId: badge.categoryId, badgeType: badge.badgeType, status: badge.status },
    presence,
    scan.direction,
    scan.at,
    found.timezone,
  );
  const conflict = conflictIf(decision.result);
  const id = await recordScan(
    db,
    scanner,
    scan,
    { badgeId: badge.id, holderName: `${badge.firstName} ${badge.lastName}`, result: decision.result, reason: decision.reason ?? null, conflict },
    presence ?? { entries: 0, inside: false },
  );
  if (id === null) return null;
  return {
    checkInId: id,
    result: decision.result,
    badge,
    ...(decision.reason ? { reason: decision.reason } : {}),
    ...(decision.result === 'already_checked_in' && presence?.lastEntryAt
      ? { checkedInAt: presence.lastEntryAt, ...(presence.lastDeviceName ? { checkedInBy: presence.lastDeviceName } : {}) }
      : {}),
    conflict,
  };
}

/**
 * The `check_in.created` webhook messages of an admitted scan, in its statement: to the organiser's
 * endpoints and to those of the exhibitor whose badge it is.
 */
const checkInMessages = deliveriesStep('w', {
  type: 'check_in.created',
  source: '(select ci.*, b.exhibitor_id from ci left join badges b on b.id = ci.badge_id)',
  organiser: true,
  data: sql`jsonb_build_object('id', src.id, 'entityType', 'check_in', 'action', 'create', 'eventId', src.event_id,
              'exhibitorId', src.exhibitor_id, 'badgeId', src.badge_id, 'listId', src.list_id, 'direction', src.direction,
              'method', src.method, 'scannedAt', src.scanned_at, 'offline', src.offline)`,
});

/**
 * Writes the log row and, for an admitted scan, the presence it changes, in one statement: only
 * if the presence is still `expected` (none yet counts as no entries, not inside). Null when it
 * is not, and then nothing was written.
 */
async function recordScan(
  db: Database,
  scanner: Scanner,
  scan: Scan,
  row: { badgeId: number | null; holderName: string | null; result: CheckInResult; reason: string | null; conflict: boolean },
  expected: { entries: number; inside: boolean } | null,
): Promise<number | null> {
  const at = scan.at.toISOString();
  const changesPresence = row.result === 'admitted' && row.badgeId !== null && expected !== null;
  const presenceChange = !changesPresence
    ? sql``
    : scan.direction === 'entry'
      ? sql`p as (insert into check_in_presence as cp (list_id, badge_id, entries, inside, last_entry_at, last_device_id)
                  values (${scan.listId}, ${row.badgeId}, 1, true, ${at}, ${scanner.id})
                  on conflict (list_id, badge_id) do update
                     set entries = cp.entries + 1, inside = true, last_device_id = excluded.last_device_id,
                         last_entry_at = greatest(cp.last_entry_at, excluded.last_entry_at), updated_at = now()
                   where cp.entries = ${expected.entries} and cp.inside = ${expected.inside}
                  returning 1),`
      : sql`p as (update check_in_presence set inside = false, last_exit_at = greatest(last_exit_at, ${at}::timestamptz), updated_at = now()
                   where list_id = ${scan.listId} and badge_id = ${row.badgeId}
                     and entries = ${expected.entries} and inside = ${expected.inside}
                  returning 1),`;
  const [inserted] = await queryRows<{ id: number }>(
    db,
    sql`with ${presenceChange} ci as (
          insert into check_ins (event_id, list_id, device_id, badge_id, code, holder_name, direction, method, result, reason,
                                 nonce, scanned_at, offline, local_result, conflict)
          select ${scanner.eventId}, ${scan.listId}, ${scanner.id}, ${row.badgeId}, ${scan.code.slice(0, 200)}, ${row.holderName},
                 ${scan.direction}, ${scan.method}, ${row.result}, ${row.reason}, ${scan.nonce}, ${at}, ${scan.offline},
                 ${scan.localResult}, ${row.conflict}
          ${changesPresence ? sql`where exists (select 1 from p)` : sql``}
          returning *)${row.result === 'admitted' ? sql`, ${checkInMessages}` : sql``}
        select id from ci`,
  );
  return inserted ? Number(inserted.id) : null;
}

/** The answer a scan got, read back from its log row (a repeated nonce answers with it). */
export async function findScanResult(db: Database, device: ScanningDevice, nonce: string): Promise<RedeemResult | null> {
  const [row] = await queryRows<{
    id: number;
    result: CheckInResult;
    reason: string | null;
    conflict: boolean;
    badge: ScannedBadge | null;
    checkedInAt: string | null;
    checkedInBy: string | null;
  }>(
    db,
    sql`select ci.id, ci.result, ci.reason, ci.conflict, ${SCANNED_BADGE_JSON} as badge,
               ${sql.raw(isoText('prev.scanned_at'))} as "checkedInAt", prev.name as "checkedInBy"
          from check_ins ci
          left join badges b on b.id = ci.badge_id
          ${BADGE_JOINS}
          left join lateral (
            select p.scanned_at, d.name from check_ins p left join check_in_devices d on d.id = p.device_id
             where p.list_id = ci.list_id and p.badge_id = ci.badge_id and p.id < ci.id
               and p.result = 'admitted' and p.direction = 'entry' and p.undone_at is null
             order by p.id desc limit 1) prev on ci.result = 'already_checked_in'
         where ci.device_id = (select d.id from check_in_devices d where ${isScanningDevice(device)}) and ci.nonce = ${nonce}`,
  );
  if (!row) return null;
  return {
    checkInId: Number(row.id),
    result: row.result,
    ...(row.badge ? { badge: row.badge } : {}),
    ...(row.reason ? { reason: row.reason } : {}),
    ...(row.checkedInAt ? { checkedInAt: row.checkedInAt } : {}),
    ...(row.checkedInBy ? { checkedInBy: row.checkedInBy } : {}),
    conflict: row.conflict,
  };
}

/** Which scans a caller reaches: an event's, narrowed to some lists (a device's) when given. */
export type ScanReach = { eventId: number | null; listIds?: readonly number[] };

type TargetRow = { id: number; listId: number; badgeId: number | null; result: CheckInResult; undone: boolean; conflict: boolean; resolved: boolean };

async function lockTarget(tx: Database, id: number, reach: ScanReach): Promise<TargetRow> {
  const [row] = await queryRows<TargetRow>(
    tx,
    sql`select id, list_id as "listId", badge_id as "badgeId", result, undone_at is not null as undone, conflict,
               conflict_resolved_at is not null as resolved
          from check_ins where id = ${id} ${reach.eventId === null ? sql`` : sql`and event_id = ${reach.eventId}`}
         for update`,
  );
  if (!row || (reach.listIds && !reach.listIds.includes(row.listId))) throw new NotFoundError('Check-in');
  return row;
}

/**
 * Undoes an admitted scan (a wrong person let in, a mistaken scan) and recomputes the badge's
 * presence on the list from its remaining admitted scans, so a second entry becomes possible again.
 */
export async function undoScan(
  db: Database,
  id: number,
  reach: ScanReach,
  by: { deviceId: number } | { adminId: number },
  reason: string,
): Promise<{ checkInId: number; result: CheckInResult }> {
  return db.transaction(async (tx) => {
    const target = await lockTarget(tx, id, reach);
    if (target.undone) throw new ConflictError('This scan has been undone already');
    if (target.result !== 'admitted') throw new ConflictError('Only an admitted scan can be undone');
    await tx.execute(
      sql`update check_ins set undone_at = now(), undo_reason = ${reason},
                 undone_by_device_id = ${'deviceId' in by ? by.deviceId : null}, undone_by_admin_id = ${'adminId' in by ? by.adminId : null}
           where id = ${id}`,
    );
    if (target.badgeId !== null) await recomputePresence(tx, target.listId, target.badgeId);
    return { checkInId: id, result: target.result };
  });
}

/**
 * Presence from the log: the admitted, not undone scans of the badge on the list. The row is
 * locked first, so the recount reads after any scan of the badge that was deciding meanwhile.
 */
async function recomputePresence(tx: Database, listId: number, badgeId: number): Promise<void> {
  await tx.execute(sql`select 1 from check_in_presence where list_id = ${listId} and badge_id = ${badgeId} for update`);
  await tx.execute(
    sql`update check_in_presence p
           set entries = s.entries, last_entry_at = s.last_entry, last_exit_at = s.last_exit, last_device_id = s.last_device,
               inside = s.last_entry is not null and (s.last_exit is null or s.last_entry > s.last_exit), updated_at = now()
          from (select count(*) filter (where direction = 'entry')::int as entries,
                       max(scanned_at) filter (where direction = 'entry') as last_entry,
                       max(scanned_at) filter (where direction = 'exit') as last_exit,
                       (array_agg(device_id order by scanned_at desc, id desc) filter (where direction = 'entry'))[1] as last_device
                  from check_ins
                 where list_id = ${listId} and badge_id = ${badgeId} and result = 'admitted' and undone_at is null) s
         where p.list_id = ${listId} and p.badge_id = ${badgeId}`,
  );
}

/** Marks a conflict as seen by a supervisor or an organiser; again is a no-op. */
export async function resolveConflict(db: Database, id: number, reach: ScanReach): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await lockTarget(tx, id, reach);
    if (!target.conflict) throw new ConflictError('This scan is not a conflict');
    if (!target.resolved) await tx.execute(sql`update check_ins set conflict_resolved_at = now() where id = ${id}`);
  });
}
