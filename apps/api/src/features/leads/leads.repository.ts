import type { LeadExportFormat, LeadExportLogEntry, LeadFigures, LeadListQuery, LeadNote, LeadRating } from '@portal/shared/leads';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { containsPattern, isoText, nameOrder, pageClause } from '../../lib/listing';
import { LEAD_ACCESS_COLUMNS, leadAccessJoin, type LeadAccessRow } from './lead-access';
import type { LeadRelease, ReleaseFieldDefinition, VisitorBadge } from './lead-release';
import type { LeadQuestion, LeadStaff } from './leads.rules';
import { deliveriesStep } from '../webhooks/webhooks.repository';

/**
 * The SQL of leads (docs/leads.md). Every statement reads leads as `l` and is narrowed by
 * `leadScope`: the exhibitor's leads, and for a sub-account not shown the team's, those it scanned.
 */

/** What a request on leads needs to know of the caller's exhibitor, read in one statement. */
export type LeadContext = {
  exhibitorId: number;
  eventId: number;
  timezone: string;
  shareWithTeam: boolean;
  /** Who of the staff may scan: decided by `scanningAccess`. */
  access: LeadAccessRow;
  release: LeadRelease;
  /** The exhibitor's qualifier questions, when asked for. */
  questions: LeadQuestion[];
};

/** The ids of the custom fields a release list names (`field:<id>`), from lead settings `ls`. */
const LISTED_FIELD_IDS = sql.raw(`(select substr(k, 7)::bigint from jsonb_array_elements_text(ls.released_fields) k where starts_with(k, 'field:'))`);

/** The definitions of the fields the list names, whatever they are: the release decides which go out. */
const RELEASE_DEFINITIONS = sql`(select coalesce(json_agg(json_build_object('id', f.id, 'eventId', f.event_id, 'entityType', f.entity_type,
    'exhibitorId', f.exhibitor_id, 'isPrivate', f.is_private, 'type', f.type, 'label', f.label, 'options', f.options)), '[]'::json)
    from custom_fields f where f.id in ${LISTED_FIELD_IDS})`;

/** The exhibitor `ex`'s qualifier questions, in their order. */
const QUESTIONS = sql.raw(`(select coalesce(json_agg(json_build_object('id', f.id, 'key', f.key, 'label', f.label, 'type', f.type,
    'options', f.options, 'required', f.required, 'isActive', f.is_active, 'validation', f.validation, 'sortOrder', f.sort_order)
    order by f.sort_order, f.id), '[]'::json)
    from custom_fields f where f.exhibitor_id = ex.id and f.event_id = ex.event_id and f.entity_type = 'lead')`);

/** The joins that give `ex` (the exhibitor account), its lead settings `els` and its event's `ls`. */
const SETTINGS_JOINS = sql`left join exhibitor_lead_settings els on els.exhibitor_id = ex.id
    left join lead_settings ls on ls.event_id = ex.event_id
    ${leadAccessJoin('ex')}`;
const SETTINGS_COLUMNS = sql`ex.id as "exhibitorId", ex.event_id as "eventId",
    coalesce(els.share_with_team, false) as "shareWithTeam",
    ${LEAD_ACCESS_COLUMNS},
    coalesce(ls.released_fields, '[]'::jsonb) as "releasedFields", coalesce(ls.ask_consent, false) as "askConsent",
    ${RELEASE_DEFINITIONS} as "releaseDefinitions"`;

type SettingsRow = LeadAccessRow & {
  exhibitorId: number;
  eventId: number;
  shareWithTeam: boolean;
  releasedFields: string[];
  askConsent: boolean;
  releaseDefinitions: ReleaseFieldDefinition[];
  questions: LeadQuestion[] | null;
};

function releaseOf(row: SettingsRow): LeadRelease {
  return {
    eventId: row.eventId,
    settings: { releasedFields: row.releasedFields, askConsent: row.askConsent },
    definitions: row.releaseDefinitions,
  };
}

export function accessOf(row: LeadAccessRow): LeadAccessRow {
  const { scanMode, scanSeats, seatedIds, anyScanner, ownCompany } = row;
  return { scanMode, scanSeats, seatedIds, anyScanner, ownCompany };
}

function contextOf(row: SettingsRow & { timezone: string }): LeadContext {
  return {
    exhibitorId: row.exhibitorId,
    eventId: row.eventId,
    timezone: row.timezone,
    shareWithTeam: row.shareWithTeam,
    access: accessOf(row),
    release: releaseOf(row),
    questions: row.questions ?? [],
  };
}

/** The caller's exhibitor, its event, its settings and the event's release (and its questions when `withQuestions`). */
export async function loadContext(db: Database, exhibitorId: number, withQuestions = false): Promise<LeadContext | null> {
  const [row] = await queryRows<SettingsRow & { timezone: string }>(
    db,
    sql`select ${SETTINGS_COLUMNS}, e.timezone, ${withQuestions ? QUESTIONS : sql`null`} as questions
          from admins ex join events e on e.id = ex.event_id
          ${SETTINGS_JOINS}
         where ex.id = ${exhibitorId}`,
  );
  return row ? contextOf(row) : null;
}

/**
 * Which leads the caller reaches: all of its exhibitor's for the exhibitor account and, when the
 * exhibitor shares them, for its sub-accounts; otherwise those the sub-account scanned, first or again.
 */
export function leadScope(staff: LeadStaff, shareWithTeam: boolean): SQL {
  if (staff.isExhibitorAccount || shareWithTeam) return sql`l.exhibitor_id = ${staff.exhibitorId}`;
  return sql`l.exhibitor_id = ${staff.exhibitorId} and (l.scanned_by_admin_id = ${staff.adminId}
    or exists (select 1 from lead_captures c where c.lead_id = l.id and c.admin_id = ${staff.adminId}))`;
}

export type LeadFilter = Omit<LeadListQuery, 'page' | 'per_page'>;

/** The caller's scope and the list's filters as conditions on `l`; `day` is a calendar day in the event's time zone. */
export function leadConditions(scope: SQL, filter: LeadFilter, timezone: string): SQL {
  const conditions: SQL[] = [sql`(${scope})`];
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    conditions.push(
      sql`((l.first_name || ' ' || l.last_name) ilike ${pattern} or (l.last_name || ' ' || l.first_name) ilike ${pattern} or l.company ilike ${pattern})`,
    );
  }
  if (filter.rating) conditions.push(sql`l.rating = ${filter.rating}`);
  if (filter.tag) conditions.push(sql`l.tags @> array[${filter.tag}]::text[]`);
  if (filter.scannerId) conditions.push(sql`l.scanned_by_admin_id = ${filter.scannerId}`);
  if (filter.day) {
    conditions.push(sql`l.scanned_at >= (${filter.day}::date)::timestamp at time zone ${timezone}
      and l.scanned_at < (${filter.day}::date + 1)::timestamp at time zone ${timezone}`);
  }
  return sql.join(conditions, sql` and `);
}

const SORT_EXPRESSIONS: Record<string, SQL> = {
  scannedAt: sql`l.scanned_at`,
  name: nameOrder(sql`(l.last_name || ' ' || l.first_name)`),
  rating: sql`(case l.rating when 'hot' then 3 when 'warm' then 2 when 'cold' then 1 else 0 end)`,
  updatedAt: sql`l.updated_at`,
};

/** `sort=name` / `sort=-scannedAt` as an ORDER BY ending on the id; newest scan first by default. */
export function leadOrder(sort: string | undefined): SQL {
  const requested = sort && Object.hasOwn(SORT_EXPRESSIONS, sort.replace(/^-/, '')) ? sort : '-scannedAt';
  const direction = sql.raw(requested.startsWith('-') ? 'desc' : 'asc');
  return sql`${SORT_EXPRESSIONS[requested.replace(/^-/, '')]!} ${direction}, l.id ${direction}`;
}

/** A lead as stored, with its badge as the release reads it and its notes. */
export type LeadRow = {
  id: number;
  eventId: number;
  exhibitorId: number;
  firstName: string;
  lastName: string;
  company: string | null;
  consentGiven: boolean | null;
  consentVersion: number | null;
  scannedAt: string;
  scannedById: number | null;
  scannedByName: string;
  rating: LeadRating | null;
  tags: string[];
  answers: Record<string, unknown>;
  scans: number;
  createdAt: string;
  updatedAt: string;
  badge: VisitorBadge | null;
  notes: LeadNote[];
};

/** The columns of a lead row of `l`, a table or a statement's returned rows. */
const LEAD_COLUMNS = sql.raw(`l.id, l.event_id as "eventId", l.exhibitor_id as "exhibitorId", l.first_name as "firstName",
    l.last_name as "lastName", l.company, l.consent_given as "consentGiven", l.consent_version as "consentVersion",
    ${isoText('l.scanned_at')} as "scannedAt", l.scanned_by_admin_id as "scannedById", l.scanned_by_name as "scannedByName",
    l.rating, array_to_json(l.tags) as tags, l.answers, l.scans,
    ${isoText('l.created_at')} as "createdAt", ${isoText('l.updated_at')} as "updatedAt"`);

const noteJson = (n: string) =>
  `json_build_object('id', ${n}.id, 'text', ${n}.text, 'authorId', ${n}.author_admin_id, 'authorName', ${n}.author_name, 'createdAt', ${isoText(`${n}.created_at`)}, 'updatedAt', ${isoText(`${n}.updated_at`)})`;

const NOTES = sql.raw(`(select coalesce(json_agg(${noteJson('n')} order by n.created_at, n.id), '[]'::json)
    from lead_notes n where n.lead_id = l.id) as notes`);

/** An int[] parameter, as the text of an array literal (both drivers pass it alike). */
const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/** The badge `b` as the release reads it: its answers to the given fields only. */
function badgeJson(fieldIds: readonly number[]): SQL {
  const values =
    fieldIds.length === 0
      ? sql`'{}'::json`
      : sql`(select coalesce(json_object_agg(v.custom_field_id, v.value), '{}'::json) from badge_field_values v
              where v.badge_id = b.id and v.custom_field_id = any(${intArray(fieldIds)}))`;
  return sql`json_build_object('email', b.email, 'phone', b.phone, 'category', coalesce(nullif(bc.display_name, ''), bc.name), 'values', ${values})`;
}

/** The lead's badge, when it is still there. */
const leadBadge = (fieldIds: readonly number[]) =>
  sql`(select ${badgeJson(fieldIds)} from badges b join badge_categories bc on bc.id = b.badge_category_id where b.id = l.badge_id) as badge`;

function selectLeads(fieldIds: readonly number[], where: SQL): SQL {
  return sql`select ${LEAD_COLUMNS}, ${leadBadge(fieldIds)}, ${NOTES} from leads l where ${where}`;
}

export async function leadPage(
  db: Database,
  fieldIds: readonly number[],
  where: SQL,
  order: SQL,
  limit: number,
  offset: number,
): Promise<{ rows: LeadRow[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    queryRows<LeadRow>(db, sql`${selectLeads(fieldIds, where)} order by ${order} ${pageClause(limit, offset)}`),
    queryRows<{ total: number }>(db, sql`select count(*)::int as total from leads l where ${where}`),
  ]);
  return { rows, total: count!.total };
}

export async function findLead(db: Database, fieldIds: readonly number[], id: number, scope: SQL): Promise<LeadRow | null> {
  const [row] = await queryRows<LeadRow>(db, selectLeads(fieldIds, sql`l.id = ${id} and ${scope}`));
  return row ?? null;
}

/** The ids of the matching leads in the list's order: an export's rows, fixed when it starts. */
export async function leadIds(db: Database, where: SQL, order: SQL): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, sql`select l.id from leads l where ${where} order by ${order}`);
  return rows.map((row) => row.id);
}

export const EXPORT_BATCH_ROWS = 2000;

/** The leads of `ids` in that order, a batch at a time, so that an export of any size holds one batch. */
export async function* leadsByIds(db: Database, fieldIds: readonly number[], ids: readonly number[]): AsyncGenerator<LeadRow> {
  for (let start = 0; start < ids.length; start += EXPORT_BATCH_ROWS) {
    const batch = ids.slice(start, start + EXPORT_BATCH_ROWS);
    const rows = await queryRows<LeadRow>(db, selectLeads(fieldIds, sql`l.id = any(${intArray(batch)})`));
    const byId = new Map(rows.map((row) => [row.id, row]));
    // A lead deleted since the export started is left out.
    for (const id of batch) {
      const row = byId.get(id);
      if (row) yield row;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Capture

/** What a scan needs to know, in one statement: the exhibitor's settings and release, the badge, an earlier capture of the nonce. */
export type CaptureLookup = SettingsRow & {
  /** The lead an earlier capture of this nonce by this scanner reached. */
  replayLeadId: number | null;
  badgeId: number | null;
  badgeEventId: number | null;
  badgeStatus: 'active' | 'cancelled' | null;
  firstName: string | null;
  lastName: string | null;
  exhibitorCompany: string | null;
  companyAnswer: unknown;
  consentVersion: number | null;
  badge: VisitorBadge | null;
  /** The exhibitor's lead of this badge, when the visitor was scanned before. */
  leadId: number | null;
};

export async function captureLookup(
  db: Database,
  staff: LeadStaff,
  code: string,
  nonce: string,
  withQuestions: boolean,
): Promise<CaptureLookup | null> {
  const [row] = await queryRows<CaptureLookup>(
    db,
    sql`select ${SETTINGS_COLUMNS}, ${withQuestions ? QUESTIONS : sql`null`} as questions,
               (select c.lead_id from lead_captures c where c.admin_id = ${staff.adminId} and c.nonce = ${nonce}) as "replayLeadId",
               b.id as "badgeId", b.event_id as "badgeEventId", b.status as "badgeStatus", b.first_name as "firstName",
               b.last_name as "lastName", co.name as "exhibitorCompany", b.lead_consent_version as "consentVersion",
               (select v.value from badge_field_values v join custom_fields f on f.id = v.custom_field_id
                 where v.badge_id = b.id and f.event_id = b.event_id and f.key = 'company' and f.entity_type = 'badge'
                   and f.exhibitor_id is null limit 1) as "companyAnswer",
               case when b.id is not null then json_build_object('email', b.email, 'phone', b.phone,
                 'category', coalesce(nullif(bc.display_name, ''), bc.name),
                 'values', (select coalesce(json_object_agg(v.custom_field_id, v.value), '{}'::json) from badge_field_values v
                             where v.badge_id = b.id and v.custom_field_id in ${LISTED_FIELD_IDS})) end as badge,
               (select l.id from leads l where l.exhibitor_id = ex.id and l.badge_id = b.id) as "leadId"
          from admins ex
          ${SETTINGS_JOINS}
          left join badges b on b.code = ${code}
          left join badge_categories bc on bc.id = b.badge_category_id
          left join admins bex on bex.id = b.exhibitor_id
          left join companies co on co.id = bex.company_id
         where ex.id = ${staff.exhibitorId}`,
  );
  return row ?? null;
}

/** What a scan's answer and checks need of the context: the event's release and the exhibitor's questions. */
export type CaptureContext = Pick<LeadContext, 'release' | 'questions'>;

export function captureContext(lookup: CaptureLookup): CaptureContext {
  return { release: releaseOf(lookup), questions: lookup.questions ?? [] };
}

export type NewLead = {
  eventId: number;
  exhibitorId: number;
  badgeId: number;
  firstName: string;
  lastName: string;
  company: string | null;
  scannedAt: Date;
  consentGiven: boolean | null;
  consentVersion: number | null;
  rating: LeadRating | null;
  tags: string[];
  answers: Record<string, unknown>;
};

export type NewNote = { id: string; text: string };

/** A text[] from a JSON array, in its order. */
const textArray = (values: readonly string[]) =>
  sql`array(select t from jsonb_array_elements_text(${JSON.stringify(values)}::jsonb) with ordinality x(t, i) order by i)`;

/**
 * A visitor's first scan by the exhibitor, in one statement: the lead, the capture of its nonce
 * and its note. Null, with nothing written, when the exhibitor has a lead of the badge already (a
 * colleague's scan of the same visitor came first). A nonce used before fails the statement on
 * `lead_captures_admin_nonce_key`, and nothing is written either.
 */
/**
 * The `lead.created` webhook messages of a first capture, in its statement: to the exhibitor's own
 * endpoints only (an organiser never reads a lead), and without the visitor, whose released fields
 * depend on the event's rules: the receiver reads the lead through the API.
 */
const leadCreatedMessages = deliveriesStep('w', {
  type: 'lead.created',
  source: 'l',
  organiser: false,
  data: sql`jsonb_build_object('id', src.id, 'entityType', 'lead', 'action', 'create', 'eventId', src.event_id,
              'exhibitorId', src.exhibitor_id, 'badgeId', src.badge_id, 'scannedAt', src.scanned_at, 'scannedBy', src.scanned_by_name,
              'rating', src.rating, 'tags', src.tags, 'consentGiven', src.consent_given)`,
});

export async function insertFirstCapture(
  db: Database,
  staff: LeadStaff,
  lead: NewLead,
  nonce: string,
  note: NewNote | undefined,
): Promise<Omit<LeadRow, 'badge'> | null> {
  const at = lead.scannedAt.toISOString();
  const noteStep = note
    ? sql`, n as (insert into lead_notes (lead_id, id, text, author_admin_id, author_name)
                  select id, ${note.id}, ${note.text}, ${staff.adminId}, ${staff.name} from l returning *)`
    : sql``;
  const notes = note ? sql.raw(`(select coalesce(json_agg(${noteJson('n')}), '[]'::json) from n)`) : sql`'[]'::json`;
  const [row] = await queryRows<Omit<LeadRow, 'badge'>>(
    db,
    sql`with l as (
          insert into leads (event_id, exhibitor_id, badge_id, first_name, last_name, company, scanned_by_admin_id, scanned_by_name,
                             scanned_at, consent_given, consent_version, rating, tags, answers)
          values (${lead.eventId}, ${lead.exhibitorId}, ${lead.badgeId}, ${lead.firstName}, ${lead.lastName}, ${lead.company},
                  ${staff.adminId}, ${staff.name}, ${at}, ${lead.consentGiven}, ${lead.consentVersion}, ${lead.rating},
                  ${textArray(lead.tags)}, ${JSON.stringify(lead.answers)}::jsonb)
          on conflict (exhibitor_id, badge_id) do nothing
          returning *),
        c as (insert into lead_captures (lead_id, admin_id, nonce, scanned_at) select id, ${staff.adminId}, ${nonce}, ${at} from l),
        ${leadCreatedMessages}
        ${noteStep}
        select ${LEAD_COLUMNS}, ${notes} as notes from l`,
  );
  return row ?? null;
}

/** The lead an earlier capture of this nonce reached, and whether that capture made it. */
export async function findCapture(db: Database, adminId: number, nonce: string): Promise<{ leadId: number; created: boolean } | null> {
  const [row] = await queryRows<{ leadId: number; created: boolean }>(
    db,
    sql`select c.lead_id as "leadId",
               not exists (select 1 from lead_captures c2 where c2.lead_id = c.lead_id and c2.id < c.id) as created
          from lead_captures c where c.admin_id = ${adminId} and c.nonce = ${nonce}`,
  );
  return row ?? null;
}

export const CAPTURE_NONCE_KEY = 'lead_captures_admin_nonce_key';

export async function insertCapture(tx: Database, leadId: number, adminId: number, nonce: string, at: Date): Promise<void> {
  await tx.execute(sql`insert into lead_captures (lead_id, admin_id, nonce, scanned_at) values (${leadId}, ${adminId}, ${nonce}, ${at.toISOString()})`);
}

// ---------------------------------------------------------------------------------------------
// Changes

/** The parts of a lead a change reads, locked until the transaction ends. */
export type LockedLead = { id: number; eventId: number; tags: string[]; answers: Record<string, unknown>; rating: LeadRating | null };

const LOCKED_COLUMNS = sql.raw(`l.id, l.event_id as "eventId", array_to_json(l.tags) as tags, l.answers, l.rating`);

export async function lockLead(tx: Database, id: number, scope: SQL): Promise<LockedLead | null> {
  const [row] = await queryRows<LockedLead>(tx, sql`select ${LOCKED_COLUMNS} from leads l where l.id = ${id} and ${scope} for update`);
  return row ?? null;
}

export async function lockLeadOfBadge(tx: Database, exhibitorId: number, badgeId: number): Promise<LockedLead | null> {
  const [row] = await queryRows<LockedLead>(
    tx,
    sql`select ${LOCKED_COLUMNS} from leads l where l.exhibitor_id = ${exhibitorId} and l.badge_id = ${badgeId} for update`,
  );
  return row ?? null;
}

export type LeadUpdate = {
  rating: LeadRating | null;
  tags: string[];
  answers: Record<string, unknown>;
  /** A scan of the visitor again: one more scan, and the visitor's consent as the badge now holds it. */
  rescan?: { consentGiven: boolean | null; consentVersion: number | null };
};

export async function updateLead(tx: Database, id: number, change: LeadUpdate): Promise<void> {
  const rescan = change.rescan
    ? sql`, scans = scans + 1, consent_given = ${change.rescan.consentGiven}, consent_version = ${change.rescan.consentVersion}`
    : sql``;
  await tx.execute(
    sql`update leads set rating = ${change.rating}, tags = ${textArray(change.tags)}, answers = ${JSON.stringify(change.answers)}::jsonb,
               updated_at = now() ${rescan}
         where id = ${id}`,
  );
}

/**
 * Adds notes or changes them, by id. A note of someone else keeps its text: a client may send back
 * every note it holds, and only the author changes a note.
 */
export async function upsertNotes(tx: Database, leadId: number, staff: LeadStaff, notes: readonly NewNote[]): Promise<void> {
  if (notes.length === 0) return;
  await tx.execute(
    sql`insert into lead_notes (lead_id, id, text, author_admin_id, author_name)
        select ${leadId}, n.id, n.text, ${staff.adminId}, ${staff.name} from jsonb_to_recordset(${JSON.stringify(notes)}::jsonb) as n(id text, text text)
        on conflict (lead_id, id) do update set text = excluded.text, updated_at = now()
         where lead_notes.author_admin_id = excluded.author_admin_id and lead_notes.text is distinct from excluded.text`,
  );
}

/** The authors of the lead's notes of these ids (ids that are gone are not there). */
export async function noteAuthors(tx: Database, leadId: number, ids: readonly string[]): Promise<{ id: string; authorId: number | null }[]> {
  return queryRows(
    tx,
    sql`select id, author_admin_id as "authorId" from lead_notes
         where lead_id = ${leadId} and id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`,
  );
}

export async function deleteNotes(tx: Database, leadId: number, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`delete from lead_notes where lead_id = ${leadId} and id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`);
}

export async function countNotes(tx: Database, leadId: number): Promise<number> {
  const [row] = await queryRows<{ count: number }>(tx, sql`select count(*)::int as count from lead_notes where lead_id = ${leadId}`);
  return row!.count;
}

export async function deleteLead(db: Database, id: number, scope: SQL): Promise<{ id: number; eventId: number; badgeId: number | null } | null> {
  const [row] = await queryRows<{ id: number; eventId: number; badgeId: number | null }>(
    db,
    sql`delete from leads l where l.id = ${id} and ${scope} returning l.id, l.event_id as "eventId", l.badge_id as "badgeId"`,
  );
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Figures, the export log, the team's choice

export async function leadFigures(db: Database, scope: SQL, timezone: string): Promise<LeadFigures> {
  const [perDay, perScanner] = await Promise.all([
    queryRows<{ day: string; leads: number }>(
      db,
      sql`select to_char(l.scanned_at at time zone ${timezone}, 'YYYY-MM-DD') as day, count(*)::int as leads
            from leads l where ${scope} group by 1 order by 1`,
    ),
    // A scanner whose account is gone is kept by its name.
    queryRows<{ id: number | null; name: string; leads: number }>(
      db,
      sql`select l.scanned_by_admin_id as id, min(l.scanned_by_name) as name, count(*)::int as leads
            from leads l where ${scope}
           group by l.scanned_by_admin_id, case when l.scanned_by_admin_id is null then l.scanned_by_name end
           order by 3 desc, 2`,
    ),
  ]);
  return { total: perDay.reduce((sum, day) => sum + day.leads, 0), perDay, perScanner };
}

export async function recordExport(
  db: Database,
  entry: { eventId: number; exhibitorId: number; staff: LeadStaff; format: LeadExportFormat; rows: number; filters: Record<string, unknown> },
): Promise<void> {
  await db.execute(
    sql`insert into lead_exports (event_id, exhibitor_id, admin_id, by_name, format, rows, filters)
        values (${entry.eventId}, ${entry.exhibitorId}, ${entry.staff.adminId}, ${entry.staff.name}, ${entry.format}, ${entry.rows},
                ${JSON.stringify(entry.filters)}::jsonb)`,
  );
}

export async function exportLog(db: Database, exhibitorId: number, limit: number, offset: number): Promise<{ rows: LeadExportLogEntry[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    queryRows<LeadExportLogEntry>(
      db,
      sql`select id, by_name as "byName", format, rows, ${sql.raw(isoText('created_at'))} as "createdAt"
            from lead_exports where exhibitor_id = ${exhibitorId}
           order by created_at desc, id desc ${pageClause(limit, offset)}`,
    ),
    queryRows<{ total: number }>(db, sql`select count(*)::int as total from lead_exports where exhibitor_id = ${exhibitorId}`),
  ]);
  return { rows, total: count!.total };
}

export async function saveShareWithTeam(db: Database, exhibitorId: number, shareWithTeam: boolean): Promise<boolean> {
  const [row] = await queryRows<{ shareWithTeam: boolean }>(
    db,
    sql`insert into exhibitor_lead_settings (exhibitor_id, share_with_team) values (${exhibitorId}, ${shareWithTeam})
        on conflict (exhibitor_id) do update set share_with_team = excluded.share_with_team, updated_at = now()
        returning share_with_team as "shareWithTeam"`,
  );
  return row!.shareWithTeam;
}

/** The exhibitor's staff: its own account first, then its sub-accounts by name. */
export async function seatStaff(db: Database, exhibitorId: number): Promise<{ id: number; name: string; email: string; type: 'exhibitor' | 'sub-account' }[]> {
  return queryRows(
    db,
    sql`select a.id, coalesce(nullif(trim(a.first_name || ' ' || a.last_name), ''), a.email) as name, a.email,
               case when a.id = ${exhibitorId} then 'exhibitor' else 'sub-account' end as type
          from admins a
         where a.id = ${exhibitorId} or a.exhibitor_id = ${exhibitorId}
         order by a.id <> ${exhibitorId}, ${nameOrder(sql`(a.last_name || ' ' || a.first_name)`)}, a.id`,
  );
}

/** Holds the exhibitor's seats against a concurrent change of them until the transaction ends. */
export async function lockSeats(tx: Database, exhibitorId: number): Promise<void> {
  await tx.execute(sql`select 1 from admins where id = ${exhibitorId} for no key update`);
}

/**
 * Gives seats to exactly `adminIds`: the others lose theirs, and those who kept one keep its date,
 * so the earliest given still come first should the seats shrink.
 */
export async function replaceSeats(tx: Database, exhibitorId: number, adminIds: readonly number[]): Promise<void> {
  const ids = sql`(select jsonb_array_elements_text(${JSON.stringify(adminIds)}::jsonb)::integer)`;
  await tx.execute(sql`delete from lead_scanner_seats where exhibitor_id = ${exhibitorId} and admin_id not in ${ids}`);
  await tx.execute(sql`insert into lead_scanner_seats (admin_id, exhibitor_id) select id, ${exhibitorId} from ${ids} x(id)
                       on conflict (admin_id) do nothing`);
}
