import type { CheckInLogEntry, CheckInLogQuery } from '@portal/shared/check-in';
import { and, desc, eq, gte, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { admins } from '../../db/schema/admins';
import { badges } from '../../db/schema/badges';
import { checkInDevices, checkIns, checkInLists } from '../../db/schema/check-in';
import { companies } from '../../db/schema/companies';
import { cappedCount, containsPattern } from '../../lib/listing';

export type LogFilter = Omit<CheckInLogQuery, 'page' | 'per_page'>;

/** The filter as conditions on the log's own columns, so that the count needs no join. */
export function logConditions(eventId: number, filter: LogFilter): SQL {
  const pattern = filter.search ? containsPattern(filter.search) : undefined;
  return and(
    eq(checkIns.eventId, eventId),
    filter.listId ? eq(checkIns.listId, filter.listId) : undefined,
    filter.deviceId ? eq(checkIns.deviceId, filter.deviceId) : undefined,
    filter.result ? eq(checkIns.result, filter.result) : undefined,
    filter.conflicts === 'open' ? and(eq(checkIns.conflict, true), isNull(checkIns.conflictResolvedAt)) : undefined,
    filter.conflicts === 'all' ? eq(checkIns.conflict, true) : undefined,
    filter.from ? gte(checkIns.scannedAt, new Date(filter.from)) : undefined,
    filter.to ? lt(checkIns.scannedAt, new Date(filter.to)) : undefined,
    pattern
      ? or(
          sql`${checkIns.holderName} ilike ${pattern}`,
          sql`${checkIns.code} ilike ${pattern}`,
          // The company is the badge's exhibitor's, looked up only for the rows the other conditions leave.
          sql`exists (select 1 from ${badges} b join ${admins} a on a.id = b.exhibitor_id join ${companies} c on c.id = a.company_id
                      where b.id = ${checkIns.badgeId} and c.name ilike ${pattern})`,
        )
      : undefined,
  )!;
}

const entryColumns = {
  id: checkIns.id,
  listId: checkIns.listId,
  listName: checkInLists.name,
  deviceId: checkIns.deviceId,
  deviceName: checkInDevices.name,
  badgeId: checkIns.badgeId,
  code: checkIns.code,
  holderName: checkIns.holderName,
  company: companies.name,
  direction: checkIns.direction,
  method: checkIns.method,
  result: checkIns.result,
  reason: checkIns.reason,
  scannedAt: checkIns.scannedAt,
  recordedAt: checkIns.recordedAt,
  offline: checkIns.offline,
  localResult: checkIns.localResult,
  conflict: checkIns.conflict,
  conflictResolvedAt: checkIns.conflictResolvedAt,
  undoneAt: checkIns.undoneAt,
  undoReason: checkIns.undoReason,
};

type EntryRow = Awaited<ReturnType<typeof selectEntries>>[number];

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toLogEntry(row: EntryRow): CheckInLogEntry {
  return {
    ...row,
    localResult: row.localResult as CheckInLogEntry['localResult'],
    scannedAt: row.scannedAt.toISOString(),
    recordedAt: row.recordedAt.toISOString(),
    conflictResolvedAt: iso(row.conflictResolvedAt),
    undoneAt: iso(row.undoneAt),
  };
}

/** Rows of the log, newest recorded first (the event's recorded index gives them in order), after the row `afterId` when given. */
function selectEntries(db: Database, where: SQL, afterId?: number) {
  const after = afterId
    ? sql`(${checkIns.recordedAt}, ${checkIns.id}) < (select c2.recorded_at, c2.id from ${checkIns} c2 where c2.id = ${afterId})`
    : undefined;
  return db
    .select(entryColumns)
    .from(checkIns)
    .innerJoin(checkInLists, eq(checkInLists.id, checkIns.listId))
    .leftJoin(checkInDevices, eq(checkInDevices.id, checkIns.deviceId))
    .leftJoin(badges, eq(badges.id, checkIns.badgeId))
    .leftJoin(admins, eq(admins.id, badges.exhibitorId))
    .leftJoin(companies, eq(companies.id, admins.companyId))
    .where(and(where, after))
    .orderBy(desc(checkIns.recordedAt), desc(checkIns.id));
}

export async function logPage(db: Database, where: SQL, limit: number, offset: number): Promise<CheckInLogEntry[]> {
  const rows = await selectEntries(db, where).limit(limit).offset(offset);
  return rows.map(toLogEntry);
}

/** One row of the log, as the corrections that change it answer it. */
export async function findLogEntry(db: Database, id: number): Promise<CheckInLogEntry> {
  const [entry] = await logPage(db, eq(checkIns.id, id), 1, 0);
  return entry!;
}

/** How many rows match, counted no further than the listing's cap (see cappedCount). */
export async function countLog(db: Database, where: SQL): Promise<number> {
  const [row] = await db.select({ count: cappedCount(db, checkIns, where) }).from(sql`(select 1) one`);
  return row!.count;
}

export const EXPORT_BATCH_ROWS = 5000;

/** Every matching row, a batch at a time by keyset, so that an export of any size holds one batch in memory. */
export async function* allEntries(db: Database, where: SQL): AsyncGenerator<CheckInLogEntry> {
  let afterId: number | undefined;
  for (;;) {
    const rows = await selectEntries(db, where, afterId).limit(EXPORT_BATCH_ROWS);
    for (const row of rows) yield toLogEntry(row);
    if (rows.length < EXPORT_BATCH_ROWS) return;
    afterId = rows.at(-1)!.id;
  }
}
