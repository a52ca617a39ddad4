import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { isoText } from '../../lib/listing';

/** A `since` older than this gets the whole roster: the device may have missed more than changes show (deletions). */
export const ROSTER_DELTA_MAX_AGE_MS = 10 * 60_000;
/** Changes are read from a little before `since`, so a write committed just after an earlier answer's cursor is not missed. */
export const ROSTER_OVERLAP_MS = 30_000;

/**
 * One badge as a roster tuple (`RosterRow`), written by PostgreSQL: 100,000 of them are read and
 * serialised in the database in one statement, never as 100,000 objects in Node.
 */
const ROW_JSON = sql.raw(`json_build_array(b.id, b.code, b.first_name, b.last_name, co.name, b.badge_category_id, b.badge_type, b.status,
    coalesce(p.entries, 0), case when p.inside then 1 else 0 end, ${isoText('p.last_entry_at')}, ${isoText('p.last_exit_at')}, d.name)`);

/**
 * The roster of a list as the JSON text of a `RosterResponse`: every badge of the event in a badge
 * category with its presence on the list, or only those changed since `since` (badge or presence).
 * The cursor is the database's time when the statement started, so nothing written after it is
 * taken as seen.
 */
export async function rosterJson(db: Database, eventId: number, listId: number, since: Date | null): Promise<string> {
  const changed = since
    ? sql`and b.id in (select id from badges where event_id = ${eventId} and updated_at > ${since.toISOString()}::timestamptz
                       union select badge_id from check_in_presence where list_id = ${listId} and updated_at > ${since.toISOString()}::timestamptz)`
    : sql``;
  const [row] = await queryRows<{ cursor: string; categories: string; badges: string }>(
    db,
    sql`select ${sql.raw(isoText('now()'))} as cursor,
               (select cast(coalesce(json_agg(json_build_object('id', c.id, 'name', coalesce(nullif(c.display_name, ''), c.name), 'badgeType', c.badge_type)
                                              order by c.sort_order, c.id), '[]') as text)
                  from badge_categories c where c.event_id = ${eventId} and c.type = 'badge') as categories,
               (select cast(coalesce(json_agg(${ROW_JSON} order by b.id), '[]') as text)
                  from badges b
                  join badge_categories bc on bc.id = b.badge_category_id and bc.type = 'badge'
                  left join admins ex on ex.id = b.exhibitor_id
                  left join companies co on co.id = ex.company_id
                  left join check_in_presence p on p.list_id = ${listId} and p.badge_id = b.id
                  left join check_in_devices d on d.id = p.last_device_id
                 where b.event_id = ${eventId} ${changed}) as badges`,
  );
  const { cursor, categories, badges } = row!;
  return `{"listId":${listId},"full":${since === null},"cursor":${JSON.stringify(cursor)},"categories":${categories},"badges":${badges}}`;
}

/** Where a roster request starts reading: null (the whole roster) without a recent `since`. */
export function rosterStart(since: string | undefined, now: Date): Date | null {
  if (!since) return null;
  const time = Date.parse(since);
  if (!(now.getTime() - time <= ROSTER_DELTA_MAX_AGE_MS)) return null;
  return new Date(time - ROSTER_OVERLAP_MS);
}
