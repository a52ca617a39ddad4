import type { CheckInFigures } from '@portal/shared/check-in';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { isoText } from '../../lib/listing';

const HOUR_MS = 3_600_000;

/**
 * The door's figures per list, in two queries whatever the number of lists: who is inside and how
 * many distinct badges were admitted, then admitted entries per hour over the last `hours` hours
 * (the current hour last, every hour present, empty ones as 0). Hours are UTC hour starts; the web
 * shows them in the event's time zone. Undone entries do not count.
 */
export async function checkInFigures(
  db: Database,
  event: { id: number; timezone: string },
  hours: number,
  now: Date,
): Promise<CheckInFigures> {
  const lastHour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  const start = new Date(lastHour.getTime() - (hours - 1) * HOUR_MS);
  const end = new Date(lastHour.getTime() + HOUR_MS);
  // A scan reaches the server after it is made: the bound on recorded_at lets the event's recorded
  // index skip older scans (a device clock running ahead is the rare exception).
  const [lists, perHour] = await Promise.all([
    queryRows<{ listId: number; name: string; inside: number; total: number }>(
      db,
      // From the presence rows the scans keep (one per list and badge, undone entries taken off),
      // not from the log, which holds every scan: a read of one row per badge, not per scan.
      sql`select l.id as "listId", l.name,
            cast(count(p.badge_id) filter (where case when l.scans_exits then p.inside else p.entries > 0 end) as integer) as inside,
            cast(count(p.badge_id) filter (where p.entries > 0) as integer) as total
          from check_in_lists l
          left join check_in_presence p on p.list_id = l.id
          where l.event_id = ${event.id}
          group by l.id
          order by l.name, l.id`,
    ),
    queryRows<{ listId: number; hour: string; entries: number }>(
      db,
      sql`select l.id as "listId", ${sql.raw(isoText('h.hour'))} as hour, coalesce(c.entries, 0) as entries
          from check_in_lists l
          cross join generate_series(${start.toISOString()}::timestamptz, ${lastHour.toISOString()}::timestamptz, interval '1 hour') as h(hour)
          left join (
            select ci.list_id, date_trunc('hour', ci.scanned_at at time zone 'UTC') as hour, cast(count(*) as integer) as entries
            from check_ins ci
            where ci.event_id = ${event.id} and ci.result = 'admitted' and ci.direction = 'entry' and ci.undone_at is null
              and ci.scanned_at >= ${start.toISOString()}::timestamptz and ci.scanned_at < ${end.toISOString()}::timestamptz
              and ci.recorded_at >= ${start.toISOString()}::timestamptz
            group by 1, 2
          ) c on c.list_id = l.id and c.hour = h.hour at time zone 'UTC'
          where l.event_id = ${event.id}
          order by l.id, h.hour`,
    ),
  ]);
  const hoursOf = new Map<number, { hour: string; entries: number }[]>();
  for (const row of perHour) {
    const list = hoursOf.get(row.listId) ?? [];
    list.push({ hour: row.hour, entries: row.entries });
    hoursOf.set(row.listId, list);
  }
  return {
    timezone: event.timezone,
    lists: lists.map((list) => ({ ...list, perHour: hoursOf.get(list.listId) ?? [] })),
  };
}
