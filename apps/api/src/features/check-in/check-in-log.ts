import type { CheckInLogEntry } from '@portal/shared/check-in';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { isoText, pageClause } from '../../lib/listing';

/** Log rows (`ci`) as `CheckInLogEntry`, with their list, device and the holder's company now. */
const ENTRY_COLUMNS = sql.raw(`ci.id, ci.list_id as "listId", l.name as "listName", ci.device_id as "deviceId", d.name as "deviceName",
    ci.badge_id as "badgeId", ci.code, ci.holder_name as "holderName", co.name as company, ci.direction, ci.method, ci.result,
    ci.reason, ${isoText('ci.scanned_at')} as "scannedAt", ${isoText('ci.recorded_at')} as "recordedAt", ci.offline,
    ci.local_result as "localResult", ci.conflict, ${isoText('ci.conflict_resolved_at')} as "conflictResolvedAt",
    ${isoText('ci.undone_at')} as "undoneAt", ci.undo_reason as "undoReason"`);

const ENTRY_JOINS = sql.raw(`join check_in_lists l on l.id = ci.list_id
    left join check_in_devices d on d.id = ci.device_id
    left join badges b on b.id = ci.badge_id
    left join admins ex on ex.id = b.exhibitor_id
    left join companies co on co.id = ex.company_id`);

/** Log entries matching `where` (over `ci`), newest first. */
export async function findLogEntries(db: Database, where: SQL, limit: number): Promise<CheckInLogEntry[]> {
  const rows = await queryRows<CheckInLogEntry>(
    db,
    sql`select ${ENTRY_COLUMNS} from check_ins ci ${ENTRY_JOINS} where ${where} order by ci.recorded_at desc, ci.id desc ${pageClause(limit, 0)}`,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

export async function findLogEntry(db: Database, id: number): Promise<CheckInLogEntry> {
  const [entry] = await findLogEntries(db, sql`ci.id = ${id}`, 1);
  return entry!;
}
