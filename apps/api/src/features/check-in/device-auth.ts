import { DEVICE_TOKEN_PREFIX, type CheckInMethod, type DeviceRole } from '@portal/shared/check-in';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { ForbiddenError } from '../../lib/errors';
import { secretHash } from './pairing';

/** The device a request's token speaks for, as every device route sees it. */
export type CheckInDevice = {
  id: number;
  eventId: number;
  name: string;
  role: DeviceRole;
  listIds: number[];
  /** The event's time zone, which words a decision's time windows. */
  timezone: string;
};

export const DEVICE_MESSAGES = {
  unpaired: 'This device is not paired, or its pairing was withdrawn. Pair it again.',
  supervisorOnly: 'Only a supervisor device can do this',
};

/** How often a device's last_seen_at is written at most: one scan a second would otherwise write it each time. */
const LAST_SEEN_INTERVAL_SECONDS = 60;

/** True, in SQL, when the device `d` was last seen over a minute ago (or never). */
export const LAST_SEEN_STALE = sql.raw(
  `(d.last_seen_at is null or d.last_seen_at < now() - make_interval(secs => ${LAST_SEEN_INTERVAL_SECONDS}))`,
);

/** The token as stored, or null for a token that is not a device's (a person's, or none). */
export function deviceTokenHash(token: string | null): string | null {
  return token?.startsWith(DEVICE_TOKEN_PREFIX) ? secretHash(token) : null;
}

export async function touchDevice(db: Database, id: number): Promise<void> {
  await db.execute(sql`update check_in_devices set last_seen_at = now() where id = ${id}`);
}

/** A badge found by name is checked in by a supervisor only: a steward scans what is shown. */
export function assertMayCheckInBy(method: CheckInMethod, role: DeviceRole): void {
  if (method === 'search' && role !== 'supervisor') {
    throw new ForbiddenError('Only a supervisor device can check in a badge found by name');
  }
}

/**
 * The unrevoked device holding this token, in one query; null for anything else (a person's token,
 * an unknown, replaced or revoked one). Its last_seen_at is refreshed when older than a minute.
 */
export async function authenticateDevice(db: Database, token: string): Promise<CheckInDevice | null> {
  const hash = deviceTokenHash(token);
  if (!hash) return null;
  const [row] = await queryRows<CheckInDevice & { stale: boolean }>(
    db,
    sql`select d.id, d.event_id as "eventId", d.name, d.role, e.timezone,
               coalesce((select array_agg(dl.list_id order by dl.list_id) from check_in_device_lists dl where dl.device_id = d.id), '{}') as "listIds",
               ${LAST_SEEN_STALE} as stale
          from check_in_devices d join events e on e.id = d.event_id
         where d.token_hash = ${hash} and d.revoked_at is null`,
  );
  if (!row) return null;
  if (row.stale) await touchDevice(db, row.id);
  const { stale: _stale, ...device } = row;
  return device;
}
