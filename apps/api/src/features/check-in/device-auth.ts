import { DEVICE_TOKEN_PREFIX, type DeviceRole } from '@portal/shared/check-in';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
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

/** How often a device's last_seen_at is written at most: one scan a second would otherwise write it each time. */
const LAST_SEEN_INTERVAL_MS = 60_000;

/**
 * The unrevoked device holding this token, in one query; null for anything else (a person's token,
 * an unknown, replaced or revoked one). Its last_seen_at is refreshed when older than a minute.
 */
export async function authenticateDevice(db: Database, token: string): Promise<CheckInDevice | null> {
  if (!token.startsWith(DEVICE_TOKEN_PREFIX)) return null;
  const [row] = await queryRows<CheckInDevice & { stale: boolean }>(
    db,
    sql`select d.id, d.event_id as "eventId", d.name, d.role, e.timezone,
               coalesce((select array_agg(dl.list_id order by dl.list_id) from check_in_device_lists dl where dl.device_id = d.id), '{}') as "listIds",
               (d.last_seen_at is null or d.last_seen_at < now() - make_interval(secs => ${LAST_SEEN_INTERVAL_MS / 1000})) as stale
          from check_in_devices d join events e on e.id = d.event_id
         where d.token_hash = ${secretHash(token)} and d.revoked_at is null`,
  );
  if (!row) return null;
  if (row.stale) await db.execute(sql`update check_in_devices set last_seen_at = now() where id = ${row.id}`);
  const { stale: _stale, ...device } = row;
  return device;
}
