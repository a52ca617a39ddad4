import { DEFAULT_LEAD_RETENTION_DAYS, LEAD_PURGE_REMINDER_DAYS } from '@portal/shared/leads';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { leadPurgeAt } from '../lead-settings/lead-settings.repository';

/**
 * Each event's lead schedule (docs/leads.md#retention-and-purge). The event ends at the end of its
 * last day (its end date, else its start date) in its own time zone; its leads are purged
 * `retention_days` calendar days later (the event's setting, else the default), and the reminder
 * goes out `LEAD_PURGE_REMINDER_DAYS` days before that, but never before the event has ended. Local
 * midnights, so a change to or from summer time moves neither. An event without dates keeps its leads.
 */
const schedule = sql`
  select e.id as event_id, e.name as event_name,
         (d.last_day + d.days)::text as kept_until,
         ${sql.raw(leadPurgeAt('e', 's'))} as purge_at,
         (d.last_day + 1 + greatest(d.days - ${LEAD_PURGE_REMINDER_DAYS}, 0))::timestamp at time zone e.timezone as remind_at
    from events e
    left join lead_settings s on s.event_id = e.id
   cross join lateral (select coalesce(e.end_date, e.start_date) as last_day,
                              coalesce(s.retention_days, ${DEFAULT_LEAD_RETENTION_DAYS}) as days) d
   where d.last_day is not null`;

const at = (now: Date): SQL => sql`${now.toISOString()}::timestamptz`;

/**
 * Exhibitors to remind now: of an event between its reminder and its purge, with an active account
 * and at least one lead, not yet reminded for this schedule (a reminder sent before a retention was
 * lengthened does not count for the new date).
 */
const dueReminders = (now: Date, limit: number) => sql`
  select a.id as exhibitor_id, sc.remind_at
    from (${schedule}) sc
    join admins a on a.event_id = sc.event_id
    left join exhibitor_lead_settings els on els.exhibitor_id = a.id
   where sc.remind_at <= ${at(now)} and sc.purge_at > ${at(now)}
     and a.is_active
     and (els.purge_reminder_sent_at is null or els.purge_reminder_sent_at < sc.remind_at)
     and exists (select 1 from leads l where l.event_id = sc.event_id and l.exhibitor_id = a.id)
   order by a.id
   limit ${limit}`;

/**
 * Marks up to `limit` due exhibitors as reminded at `now` and answers their ids. Call it in the
 * transaction that queues their mails. Each exhibitor is claimed by one caller only: another process
 * updating the same row waits for this transaction and then finds the reminder sent; inserting the
 * same row waits on its key and then does nothing.
 */
export async function claimDueReminders(db: Database, now: Date, limit: number): Promise<number[]> {
  const updated = await queryRows<{ exhibitor_id: number }>(
    db,
    sql`update exhibitor_lead_settings els
           set purge_reminder_sent_at = ${at(now)}, updated_at = now()
          from (${dueReminders(now, limit)}) due
         where els.exhibitor_id = due.exhibitor_id
           and (els.purge_reminder_sent_at is null or els.purge_reminder_sent_at < due.remind_at)
     returning els.exhibitor_id`,
  );
  const inserted = await queryRows<{ exhibitor_id: number }>(
    db,
    sql`insert into exhibitor_lead_settings (exhibitor_id, purge_reminder_sent_at)
        select due.exhibitor_id, ${at(now)} from (${dueReminders(now, limit)}) due
        on conflict (exhibitor_id) do nothing
     returning exhibitor_id`,
  );
  return [...updated, ...inserted].map((row) => row.exhibitor_id);
}

export type ReminderRecipient = {
  exhibitorId: number;
  eventId: number;
  email: string;
  firstName: string;
  eventName: string;
  timezone: string;
  /** The last day the leads are kept, in the event's time zone (YYYY-MM-DD). */
  keptUntil: string;
  leads: number;
};

/** What the reminder of each exhibitor says. */
export async function findReminderRecipients(db: Database, exhibitorIds: readonly number[]): Promise<ReminderRecipient[]> {
  if (exhibitorIds.length === 0) return [];
  const ids = sql.join(
    exhibitorIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return queryRows<ReminderRecipient>(
    db,
    sql`select a.id as "exhibitorId", a.event_id as "eventId", a.email, a.first_name as "firstName",
               sc.event_name as "eventName", e.timezone, sc.kept_until as "keptUntil",
               (select cast(count(*) as integer) from leads l where l.exhibitor_id = a.id and l.event_id = a.event_id) as leads
          from admins a
          join events e on e.id = a.event_id
          join (${schedule}) sc on sc.event_id = a.event_id
         where a.id in (${ids})
         order by a.id`,
  );
}

/**
 * Deletes up to `limit` leads whose event's purge time has come, with their notes and captures (by
 * cascade); the export log stays. Answers how many went.
 */
export async function deletePurgeableLeads(db: Database, now: Date, limit: number): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`delete from leads where id in (
          select l.id from leads l join (${schedule}) sc on sc.event_id = l.event_id
           where sc.purge_at <= ${at(now)}
           limit ${limit})
        returning id`,
  );
  return rows.length;
}
