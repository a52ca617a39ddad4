import { DEFAULT_LEAD_RETENTION_DAYS, type ExhibitorLeadSummary, type LeadSummaryListQuery } from '@portal/shared/leads';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { admins } from '../../db/schema/admins';
import { badgeCategories, customFields } from '../../db/schema/badges';
import { events } from '../../db/schema/events';
import { exhibitorLeadSettings, leadSettings } from '../../db/schema/leads';
import { containsPattern, isoText, nameOrder, orderBy, pageClause, pageWindow } from '../../lib/listing';
import { exhibitorAccount } from '../exhibitors/exhibitor-account';
import { leadAccessJoin } from '../leads/lead-access';

export type LeadSettingsRow = typeof leadSettings.$inferSelect;

/**
 * When an event's leads are purged: local midnight after its last day (its end date, else its start
 * date) plus the retention, on the event's clock. Null for an event without dates. `event` and
 * `settings` are the aliases of `events` and `lead_settings` (absent: the default retention); the
 * settings screen shows this moment and the retention sweep deletes at it.
 */
export function leadPurgeAt(event: string, settings: string): string {
  return `((coalesce(${event}.end_date, ${event}.start_date) + 1 + coalesce(${settings}.retention_days, ${DEFAULT_LEAD_RETENTION_DAYS}))::timestamp at time zone ${event}.timezone)`;
}

/** `leadPurgeAt` as ISO text, of `events` and `lead_settings`. */
export const LEAD_PURGE_AT = sql.raw(isoText(leadPurgeAt('events', 'lead_settings')));

/** The event's settings row (undefined: none saved, the defaults apply) and its purge time. */
export async function findLeadSettings(db: Database, eventId: number) {
  const [row] = await db
    .select({ settings: leadSettings, purgeAt: sql<string | null>`${LEAD_PURGE_AT}` })
    .from(events)
    .leftJoin(leadSettings, eq(leadSettings.eventId, events.id))
    .where(eq(events.id, eventId));
  return row && { settings: row.settings ?? undefined, purgeAt: row.purgeAt };
}

export async function lockLeadSettings(tx: Database, eventId: number): Promise<LeadSettingsRow | undefined> {
  const [row] = await tx.select().from(leadSettings).where(eq(leadSettings.eventId, eventId)).for('update');
  return row;
}

export type LeadSettingsValues = Pick<
  LeadSettingsRow,
  'releasedFields' | 'askConsent' | 'consentWording' | 'retentionDays' | 'scanningByDefault'
>;

/**
 * Saves the settings in one statement. The consent version counts the wordings: it goes up by one
 * each time a wording is set that differs from the stored one (the first wording gives 1), decided
 * against the row as it stands when the statement takes its lock, so two saves at once count twice.
 */
export async function upsertLeadSettings(tx: Database, eventId: number, values: LeadSettingsValues): Promise<LeadSettingsRow> {
  const [row] = await tx
    .insert(leadSettings)
    .values({ eventId, ...values, consentVersion: values.consentWording == null ? 0 : 1 })
    .onConflictDoUpdate({
      target: leadSettings.eventId,
      set: {
        releasedFields: sql`excluded.released_fields`,
        askConsent: sql`excluded.ask_consent`,
        consentWording: sql`excluded.consent_wording`,
        consentVersion: sql`${leadSettings.consentVersion} + case
          when excluded.consent_wording is not null and excluded.consent_wording is distinct from ${leadSettings.consentWording}
          then 1 else 0 end`,
        retentionDays: sql`excluded.retention_days`,
        scanningByDefault: sql`excluded.scanning_by_default`,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

/** The organiser's badge questions of the event (not the exhibitors' own), in the form's order. */
export function listBadgeFields(db: Database, eventId: number) {
  return db
    .select({
      id: customFields.id,
      label: customFields.label,
      type: customFields.type,
      isPrivate: customFields.isPrivate,
      categoryName: sql<string | null>`coalesce(${badgeCategories.displayName}, ${badgeCategories.name})`,
    })
    .from(customFields)
    .leftJoin(badgeCategories, eq(badgeCategories.id, customFields.badgeCategoryId))
    .where(and(eq(customFields.eventId, eventId), eq(customFields.entityType, 'badge'), isNull(customFields.exhibitorId)))
    .orderBy(asc(customFields.sortOrder), asc(customFields.id));
}

/** The visitor consent question of an event, when it asks one. */
export async function findConsentQuestion(db: Database, eventId: number): Promise<{ wording: string; version: number } | undefined> {
  const [row] = await db
    .select({ wording: leadSettings.consentWording, version: leadSettings.consentVersion })
    .from(leadSettings)
    .where(and(eq(leadSettings.eventId, eventId), eq(leadSettings.askConsent, true)));
  return row?.wording ? { wording: row.wording, version: row.version } : undefined;
}

/** An exhibitor account (not a sub-account, not an organiser) by id, with its event. */
export async function findExhibitorAccount(db: Database, id: number): Promise<{ id: number; eventId: number } | undefined> {
  const [row] = await db
    .select({ id: admins.id, eventId: sql<number>`${admins.eventId}` })
    .from(admins)
    .where(and(eq(admins.id, id), exhibitorAccount));
  return row;
}

export async function lockExhibitorLeadSettings(tx: Database, exhibitorId: number) {
  const [row] = await tx
    .select({ scanningEnabled: exhibitorLeadSettings.scanningEnabled })
    .from(exhibitorLeadSettings)
    .where(eq(exhibitorLeadSettings.exhibitorId, exhibitorId))
    .for('update');
  return row;
}

export async function upsertExhibitorScanning(tx: Database, exhibitorId: number, scanningEnabled: boolean | null) {
  await tx
    .insert(exhibitorLeadSettings)
    .values({ exhibitorId, scanningEnabled })
    .onConflictDoUpdate({
      target: exhibitorLeadSettings.exhibitorId,
      set: { scanningEnabled: sql`excluded.scanning_enabled`, updatedAt: sql`now()` },
    });
}

type SummaryRow = ExhibitorLeadSummary & { total: number };

/**
 * A page of the event's exhibitor accounts with their lead counts, in one statement: the leads are
 * counted per exhibitor in one grouped pass over the event's leads, never per row; the total rides
 * along as a window count. `mode`, `seats` and `scanning` (anyone of the staff may scan) come from
 * `leadAccessJoin`, the rule the capture applies. A scanner is a staff account, or the name kept
 * on its leads once the account is removed.
 */
export async function listLeadSummaries(
  db: Database,
  eventId: number,
  query: Pick<LeadSummaryListQuery, 'page' | 'per_page' | 'search' | 'sort'> & { exhibitorId?: number },
): Promise<{ rows: ExhibitorLeadSummary[]; total: number }> {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const where = and(
    sql`admins.event_id = ${eventId}`,
    exhibitorAccount,
    query.exhibitorId ? sql`admins.id = ${query.exhibitorId}` : undefined,
    pattern ? sql`(c.name ilike ${pattern} or admins.email ilike ${pattern})` : undefined,
  );
  const order = sql.join(
    orderBy(
      query.sort,
      {
        company: nameOrder(sql`c.name`),
        leads: sql`coalesce(l.leads, 0)`,
        scanners: sql`coalesce(l.scanners, 0)`,
      },
      admins.id,
      'company',
    ),
    sql`, `,
  );
  const { limit, offset } = pageWindow(query);
  const rows = await queryRows<SummaryRow>(
    db,
    sql`select admins.id as "exhibitorId", c.name as "company", admins.email as "email",
          els.scanning_enabled as "scanningEnabled",
          la.any_scanner as "scanning",
          coalesce(l.leads, 0) as "leads", coalesce(l.scanners, 0) as "scanners",
          la.scan_seats as "seats", la.scan_mode as "mode",
          cast(count(*) over () as integer) as "total"
        from admins
        left join companies c on c.id = admins.company_id
        left join exhibitor_lead_settings els on els.exhibitor_id = admins.id
        ${leadAccessJoin('admins')}
        left join (
          select exhibitor_id, cast(count(*) as integer) as leads,
            cast(count(distinct coalesce('id:' || scanned_by_admin_id, 'name:' || scanned_by_name)) as integer) as scanners
          from leads where event_id = ${eventId} group by exhibitor_id
        ) l on l.exhibitor_id = admins.id
        where ${where}
        order by ${order} ${pageClause(limit, offset)}`,
  );
  const total = rows[0]?.total ?? (query.page > 1 ? await countExhibitors(db, where) : 0);
  return { rows: rows.map(({ total: _total, ...row }) => row), total };
}

/** The total for a page past the last one, which has no row to carry it. */
async function countExhibitors(db: Database, where: ReturnType<typeof and>): Promise<number> {
  const [row] = await queryRows<{ total: number }>(
    db,
    sql`select cast(count(*) as integer) as total from admins left join companies c on c.id = admins.company_id where ${where}`,
  );
  return row!.total;
}
