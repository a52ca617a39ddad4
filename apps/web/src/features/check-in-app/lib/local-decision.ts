import {
  decideCheckIn,
  MAX_SCANNED_CODE_LENGTH,
  type CheckInDirection,
  type CheckInListRules,
  type RedeemResult,
  type RosterEntry,
} from '@portal/shared/check-in';
import { normaliseCode, recordPassage, type Roster } from './roster';

export type LocalScan = { code: string; direction: CheckInDirection; scannedAt: string };

function scannedBadge(roster: Roster, entry: RosterEntry): NonNullable<RedeemResult['badge']> {
  return {
    id: entry.id,
    code: entry.code,
    firstName: entry.firstName,
    lastName: entry.lastName,
    company: entry.company,
    categoryId: entry.categoryId,
    categoryName: roster.categories.get(entry.categoryId)?.name ?? '',
    badgeType: entry.badgeType,
    status: entry.status,
  };
}

/**
 * The door's answer without the server: the same `decideCheckIn` on the device's copy of the
 * roster, and the badge's presence moved on as the server would move it, so that a second scan of
 * the same badge offline is "already checked in". A code not on the roster is `unknown`: offline the
 * device cannot tell a badge of another event from a mistyped code.
 */
export function decideLocally(
  roster: Roster,
  list: CheckInListRules,
  scan: LocalScan,
  { timeZone, deviceName }: { timeZone: string; deviceName: string },
): RedeemResult {
  const entry = scan.code.length > MAX_SCANNED_CODE_LENGTH ? undefined : roster.byCode.get(normaliseCode(scan.code));
  if (!entry) return { checkInId: null, result: 'unknown', conflict: false };
  const previous = entry.presence;
  const decision = decideCheckIn(list, entry, previous, scan.direction, new Date(scan.scannedAt), timeZone);
  const result: RedeemResult = {
    checkInId: null,
    result: decision.result,
    reason: decision.reason,
    badge: scannedBadge(roster, entry),
    conflict: false,
  };
  if (decision.result === 'already_checked_in') {
    result.checkedInAt = previous?.lastEntryAt ?? undefined;
    result.checkedInBy = entry.lastDeviceName ?? undefined;
  }
  if (decision.result === 'admitted') recordPassage(entry, scan.direction, scan.scannedAt, deviceName);
  return result;
}
