import type { AlreadyPrinted, PrintSettings, PrintSort } from '@portal/shared/badge-prints';
import type { BadgeType } from '@portal/shared/badge-categories';
import { eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { badgePrintSettings } from '../../db/schema/badge-prints';
import { isoText } from '../../lib/listing';
import type { FaceRow } from '../badge-layouts/badge-layouts.repository';

export async function findPrintSettings(db: Database, eventId: number): Promise<PrintSettings | undefined> {
  const [row] = await db
    .select({ offsetXMm: badgePrintSettings.offsetXMm, offsetYMm: badgePrintSettings.offsetYMm, scale: badgePrintSettings.scale })
    .from(badgePrintSettings)
    .where(eq(badgePrintSettings.eventId, eventId));
  return row;
}

export async function savePrintSettings(db: Database, eventId: number, settings: PrintSettings, adminId: number) {
  const values = { ...settings, updatedByAdminId: adminId, updatedAt: sql`now()` };
  await db
    .insert(badgePrintSettings)
    .values({ eventId, ...values })
    .onConflictDoUpdate({ target: badgePrintSettings.eventId, set: values });
}

/** Which badges a run takes: always active ones of one event, within the caller's scope. */
export type PrintSelection = {
  eventId: number;
  scope: SQL | undefined;
  badgeCategoryId?: number;
  badgeIds?: number[];
  unprintedOnly?: boolean;
};

const idArray = (ids: number[]) => `{${ids.join(',')}}`;

function selectionConditions(selection: PrintSelection): SQL {
  return sql.join(
    [
      sql`badges.event_id = ${selection.eventId}`,
      sql`badges.status = 'active'`,
      selection.scope,
      selection.badgeCategoryId ? sql`badges.badge_category_id = ${selection.badgeCategoryId}` : undefined,
      selection.badgeIds ? sql`badges.id = any(cast(${idArray(selection.badgeIds)} as int[]))` : undefined,
      selection.unprintedOnly ? sql`not exists (select 1 from badge_prints p where p.badge_id = badges.id)` : undefined,
    ].filter((condition): condition is SQL => condition !== undefined),
    sql` and `,
  );
}

/** How many of `ids` the scope reaches in the event, whatever their status. */
export async function countReachable(db: Database, eventId: number, scope: SQL | undefined, ids: number[]): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select cast(count(*) as int) as count from badges
          where badges.event_id = ${eventId} and badges.id = any(cast(${idArray(ids)} as int[])) ${scope ? sql`and ${scope}` : sql``}`,
  );
  return row!.count;
}

/** The (category, type) pairs of the selection: what decides each badge's layout. */
export async function selectionKinds(db: Database, selection: PrintSelection) {
  return queryRows<{ badgeCategoryId: number; badgeType: BadgeType; count: number }>(
    db,
    sql`select badges.badge_category_id as "badgeCategoryId", badges.badge_type as "badgeType", cast(count(*) as int) as count
          from badges where ${selectionConditions(selection)}
          group by badges.badge_category_id, badges.badge_type`,
  );
}

const COMPANY_THEN_NAME = sql.raw(
  `c.name collate "name_order" nulls last, b.last_name collate "name_order", b.first_name collate "name_order", b.id`,
);
const PRINT_ORDERS: Record<PrintSort, SQL> = {
  company: COMPANY_THEN_NAME,
  category: sql`bc.sort_order, bc.name collate "name_order", bc.id, ${COMPANY_THEN_NAME}`,
};

export type RecordedRun = { total: number; reprinted: number; examples: AlreadyPrinted['examples'] };

/**
 * Records a print of every badge of the selection under `runId`, numbered in the run's order. The
 * badges are locked first, in id order (so that two runs never wait on each other in a circle), by a
 * statement of its own: the second statement reads the prints under a snapshot taken once the locks
 * are held, so a run that waited for another sees that run's prints, and two runs at once never both
 * take a badge as unprinted. Nothing is written to the badge rows themselves (docs/decisions.md).
 * Answers how many were printed before, with the first few of them (their previous print), for the
 * caller to refuse the run without a reason.
 */
export async function recordPrintRun(
  db: Database,
  selection: PrintSelection,
  run: { runId: string; sort: PrintSort; sheet: string; adminId: number; reason: string | null },
): Promise<RecordedRun> {
  await db.execute(
    sql`select count(*) from (select badges.id from badges where ${selectionConditions(selection)} order by badges.id for update) locked`,
  );
  const [row] = await queryRows<RecordedRun>(
    db,
    sql`with locked as (
          select badges.id, badges.first_name, badges.last_name, badges.badge_category_id, badges.exhibitor_id
            from badges
           where ${selectionConditions(selection)}
           order by badges.id
             for update
        ), selected as (
          select b.id, b.first_name || ' ' || b.last_name as name, previous.count as previous_count, previous.at as previous_at,
                 row_number() over (order by ${PRINT_ORDERS[run.sort]}) as position
            from locked b
            join badge_categories bc on bc.id = b.badge_category_id
            left join admins o on o.id = b.exhibitor_id
            left join companies c on c.id = o.company_id
            cross join lateral (select count(*) as count, max(p.printed_at) as at from badge_prints p where p.badge_id = b.id) previous
        ), recorded as (
          insert into badge_prints (badge_id, run_id, position, printed_by_admin_id, sheet, reason)
          select id, ${run.runId}, position, ${run.adminId}, ${run.sheet}, case when previous_count > 0 then ${run.reason} end
            from selected
        )
        select cast(count(*) as int) as total, cast(count(*) filter (where previous_count > 0) as int) as reprinted,
               coalesce((select json_agg(json_build_object('id', e.id, 'name', e.name, 'lastPrintedAt', e.at) order by e.position)
                           from (select id, name, position, ${sql.raw(isoText('previous_at'))} as at from selected
                                  where previous_count > 0 order by position limit 5) e), '[]') as examples
          from selected`,
  );
  return row!;
}

/** A badge of a run as the renderer's face is made from it, with its place in the run. */
export type PrintedBadge = FaceRow & { position: number };

/** One page of a run's badges, in its order, after `afterPosition`. */
export async function printRunPage(db: Database, runId: string, afterPosition: number, limit: number): Promise<PrintedBadge[]> {
  return queryRows<PrintedBadge>(
    db,
    sql`select p.position, badges.id, badges.event_id as "eventId", badges.status, badges.code,
               badges.first_name as "firstName", badges.last_name as "lastName",
               c.name as company, coalesce(nullif(bc.display_name, ''), bc.name) as category,
               badges.badge_category_id as "badgeCategoryId", badges.badge_type as "badgeType",
               coalesce((select json_agg(json_build_object('customFieldId', v.custom_field_id, 'value', v.value,
                                                           'options', f.options, 'fileName', fl.original_name))
                           from badge_field_values v
                           join custom_fields f on f.id = v.custom_field_id
                           left join files fl on fl.id = v.file_id
                          where v.badge_id = badges.id), '[]') as answers
          from badge_prints p
          join badges on badges.id = p.badge_id
          join badge_categories bc on bc.id = badges.badge_category_id
          left join admins o on o.id = badges.exhibitor_id
          left join companies c on c.id = o.company_id
         where p.run_id = ${runId} and p.position > ${afterPosition}
         order by p.position
         limit ${limit}`,
  );
}
