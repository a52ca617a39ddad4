import { BADGE_TYPES, visibleBadgeTypes, type BadgeType } from '@portal/shared/badge-categories';
import type { BadgeListItem } from '@portal/shared/badges';
import { and, eq, gte, inArray, isNotNull, lt, not, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { queryRows, type Database } from '../../db/client';
import { admins } from '../../db/schema/admins';
import { badgeAddons, badgeCategories, badgeFieldValues, badges } from '../../db/schema/badges';
import { companies } from '../../db/schema/companies';
import { events } from '../../db/schema/events';
import {
  containsPattern,
  countWhere,
  changeNumber,
  filterKey,
  forgetPageStart,
  isoText,
  isPlannedEachCall,
  keepPageStart,
  keptCount,
  keptPageStart,
  nameOrder,
  orderBy,
  pageClause,
  pageWindow,
  prefixPattern,
  recentEstimate,
  type Page,
  type PageStart,
} from '../../lib/listing';
import type { Principal } from '../auth/principal';
import { scopeOf, type Scope } from '../auth/scope';

const owner = alias(admins, 'owner');
const creator = alias(admins, 'creator');

/** A badge's answers as the API shows them, in the form's order: one JSON array, written by PostgreSQL. */
const ANSWERS_TEXT = `coalesce((
    select json_agg(json_build_object(
        'customFieldId', v.custom_field_id, 'key', f.key, 'label', f.label, 'value', v.value,
        'file', case when fl.id is null then null else json_build_object(
          'id', fl.id, 'name', fl.original_name, 'contentType', fl.content_type, 'sizeBytes', fl.size_bytes) end)
      order by f.sort_order, f.id)
    from badge_field_values v
    join custom_fields f on f.id = v.custom_field_id
    left join files fl on fl.id = v.file_id
    where v.badge_id = badges.id), '[]')`;
const ANSWERS_JSON = sql.raw(ANSWERS_TEXT);
/**
 * A badge's print state, read from its `badge_prints` rows on the badge_id index: how often, when
 * last and by whom. Only the rows shown are looked up (docs/decisions.md).
 */
const PRINT_COUNT = `(select cast(count(*) as int) from badge_prints p where p.badge_id = badges.id)`;
const LAST_PRINTED_AT = `(select max(p.printed_at) from badge_prints p where p.badge_id = badges.id)`;
const LAST_PRINTED_BY = `(select a.first_name || ' ' || a.last_name from badge_prints p left join admins a on a.id = p.printed_by_admin_id
    where p.badge_id = badges.id order by p.printed_at desc, p.id desc limit 1)`;
const PRINTED = sql`exists (select 1 from badge_prints p where p.badge_id = badges.id)`;

const badgeColumns = {
  id: badges.id,
  eventId: badges.eventId,
  eventName: events.name,
  badgeCategoryId: badges.badgeCategoryId,
  badgeCategory: {
    id: badgeCategories.id,
    name: badgeCategories.name,
    type: badgeCategories.type,
    badgeType: badgeCategories.badgeType,
  },
  exhibitorId: badges.exhibitorId,
  companyName: companies.name,
  createdByAdminId: badges.createdByAdminId,
  createdByName: sql<string | null>`(${creator.firstName} || ' ' || ${creator.lastName})`,
  allocationId: badges.allocationId,
  firstName: badges.firstName,
  lastName: badges.lastName,
  email: badges.email,
  phone: badges.phone,
  type: badges.badgeType,
  status: badges.status,
  code: badges.code,
  leadConsentVersion: badges.leadConsentVersion,
  leadConsentAt: badges.leadConsentAt,
  createdAt: badges.createdAt,
  updatedAt: badges.updatedAt,
  customFieldValues: sql<BadgeListItem['customFieldValues']>`${ANSWERS_JSON}`,
  printCount: sql<number>`${sql.raw(PRINT_COUNT)}`,
  lastPrintedAt: sql<string | null>`${sql.raw(isoText(LAST_PRINTED_AT))}`,
  lastPrintedBy: sql<string | null>`${sql.raw(LAST_PRINTED_BY)}`,
};

export type BadgeRow = NonNullable<Awaited<ReturnType<typeof findBadge>>>;

/** Badges a scope reaches (DESIGN §4), limited to the badge types the caller may see. */
export function badgeScopeFilter(scope: Scope, visibleTypes: readonly BadgeType[]): SQL | undefined {
  // Seeing every type needs no condition, which keeps the count on an index.
  const types =
    visibleTypes.length === BADGE_TYPES.length
      ? undefined
      : visibleTypes.length > 0
        ? inArray(badges.badgeType, [...visibleTypes])
        : sql`false`;
  switch (scope.kind) {
    case 'global':
      return types;
    case 'event':
      return and(eq(badges.eventId, scope.eventId), types);
    case 'exhibitor':
      return and(eq(badges.exhibitorId, scope.exhibitorId), types);
    case 'sub-account':
      return and(eq(badges.createdByAdminId, scope.subAccountId), types);
  }
}

/**
 * The condition a count of badges shown to this principal needs (an exhibitor counts its own and
 * its sub-accounts' badges, a sub-account its own, a VIP admin VIP badges); undefined when it
 * reaches every badge of its event, where the records counted for already hold it to its event.
 */
export function badgeCountFilterFor(principal: Principal): SQL | undefined {
  const scope = scopeOf(principal);
  const types = visibleBadgeTypes(principal.permissions, principal.type);
  if ((scope.kind === 'event' || scope.kind === 'global') && types.length === BADGE_TYPES.length) return undefined;
  return badgeScopeFilter(scope, types);
}

function joined<Extra extends Record<string, SQL> = Record<never, never>>(db: Database, extra?: Extra) {
  return db
    .select({ ...badgeColumns, ...(extra as Extra) })
    .from(badges)
    .innerJoin(events, eq(events.id, badges.eventId))
    .innerJoin(badgeCategories, eq(badgeCategories.id, badges.badgeCategoryId))
    .leftJoin(owner, eq(owner.id, badges.exhibitorId))
    .leftJoin(companies, eq(companies.id, owner.companyId))
    .leftJoin(creator, eq(creator.id, badges.createdByAdminId));
}

export type BadgeFilter = {
  eventId?: number;
  badgeCategoryId?: number;
  badgeType?: BadgeType;
  exhibitorId?: number;
  subAccountId?: number;
  status?: 'active' | 'cancelled';
  search?: string;
  createdFrom?: string;
  createdTo?: string;
  printed?: boolean;
};

const companyOf = sql`(select c.name from admins a join companies c on c.id = a.company_id where a.id = badges.exhibitor_id)`;

/** The exhibitors whose company name contains the term: the search box's third arm, looked up first. */
export async function exhibitorsOfCompaniesNamed(db: Database, term: string): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select a.id from admins a join companies c on c.id = a.company_id where c.name ilike ${containsPattern(term)}`,
  );
  return rows.map((row) => row.id);
}

/**
 * The search box, as one condition on the row: PostgreSQL combines its arms in a bitmap OR of the
 * prefix, trigram and exhibitor indexes, or for a common term walks the list's own order and stops
 * at the page's end. The companies' exhibitors come as a list of ids rather than a sub-select, so
 * that the planner estimates the matches from the trigram statistics and picks the right one of the two.
 */
function searchCondition(term: string, companyExhibitorIds: number[]): SQL {
  const pattern = containsPattern(term);
  const prefix = prefixPattern(term.toLowerCase());
  return sql`(badges.email like ${prefix}
    or (badges.first_name || ' ' || badges.last_name || ' ' || badges.email) ilike ${pattern}
    or badges.exhibitor_id = any(${`{${companyExhibitorIds.join(',')}}`}::int[]))`;
}

/** The filter's conditions; a search needs the exhibitors of the companies it names (exhibitorsOfCompaniesNamed). */
export function filterConditions(filter: BadgeFilter, companyExhibitorIds: number[] = []): (SQL | undefined)[] {
  return [
    filter.eventId ? eq(badges.eventId, filter.eventId) : undefined,
    filter.badgeCategoryId ? eq(badges.badgeCategoryId, filter.badgeCategoryId) : undefined,
    filter.badgeType ? eq(badges.badgeType, filter.badgeType) : undefined,
    filter.exhibitorId ? eq(badges.exhibitorId, filter.exhibitorId) : undefined,
    filter.subAccountId ? eq(badges.createdByAdminId, filter.subAccountId) : undefined,
    filter.status ? eq(badges.status, filter.status) : undefined,
    filter.search ? searchCondition(filter.search, companyExhibitorIds) : undefined,
    filter.createdFrom ? gte(badges.createdAt, new Date(`${filter.createdFrom}T00:00:00Z`)) : undefined,
    filter.printed === undefined ? undefined : filter.printed ? PRINTED : not(PRINTED),
    filter.createdTo
      ? lt(badges.createdAt, sql`${`${filter.createdTo}T00:00:00Z`}::timestamptz + interval '1 day'`)
      : undefined,
  ];
}

export const BADGE_ORDER_COLUMNS = {
  createdAt: badges.createdAt,
  name: nameOrder(sql`(${badges.lastName} || ' ' || ${badges.firstName})`),
  email: badges.email,
  company: nameOrder(companyOf),
};

/**
 * A page's badges as their list items, written by PostgreSQL as JSON in the shape the API sends
 * (`BadgeListItem`): the page goes out as the database wrote it, with no per-row parsing, mapping
 * or serialising in the API.
 */
const LIST_ITEM_JSON = sql.raw(`json_build_object(
    'id', badges.id, 'eventId', badges.event_id, 'event', json_build_object('id', badges.event_id, 'name', e.name),
    'eventName', e.name, 'badgeCategoryId', badges.badge_category_id,
    'badgeCategory', json_build_object('id', bc.id, 'name', bc.name, 'type', bc.type, 'badgeType', bc.badge_type),
    'exhibitorId', badges.exhibitor_id, 'companyName', c.name, 'createdByAdminId', badges.created_by_admin_id,
    'createdByName', cr.first_name || ' ' || cr.last_name,
    'firstName', badges.first_name, 'lastName', badges.last_name, 'name', badges.first_name || ' ' || badges.last_name,
    'email', badges.email, 'phone', badges.phone, 'type', badges.badge_type, 'status', badges.status, 'code', badges.code,
    'customFieldValues', ${ANSWERS_TEXT},
    'printCount', ${PRINT_COUNT}, 'lastPrintedAt', ${isoText(LAST_PRINTED_AT)}, 'lastPrintedBy', ${LAST_PRINTED_BY},
    'createdAt', ${isoText('badges.created_at')}, 'updatedAt', ${isoText('badges.updated_at')})`);

const LIST_ITEM_JOINS = sql.raw(`join events e on e.id = badges.event_id
    join badge_categories bc on bc.id = badges.badge_category_id
    left join admins o on o.id = badges.exhibitor_id
    left join companies c on c.id = o.company_id
    left join admins cr on cr.id = badges.created_by_admin_id`);

/** The sorts whose deep pages can start from a kept key: by (created_at, id), either way. */
const KEYSET_SORTS: Record<string, { after: SQL; edgeAt: SQL; edgeId: SQL }> = {
  '-createdAt': { after: sql.raw('<'), edgeAt: sql`'infinity'::timestamptz`, edgeId: sql`2147483647` },
  createdAt: { after: sql.raw('>'), edgeAt: sql`'-infinity'::timestamptz`, edgeId: sql`0` },
};
const CHANGES = changeNumber('badge_changes');

/**
 * Where a deep page in (created_at, id) order starts: kept from an earlier request for the same
 * filter, sort and page, else the row before the page, read once from the index.
 */
async function pageStart(db: Database, key: string, filter: SQL, order: SQL, offset: number) {
  const kept = keptPageStart(db, key);
  if (kept) return kept;
  const [before] = await queryRows<PageStart>(
    db,
    sql`select cast(badges.created_at as text) as after, badges.id, cast(${CHANGES} as text) as changes
          from badges ${filter} order by ${order} limit 1 offset ${offset - 1}`,
  );
  if (before) keepPageStart(db, key, before);
  return before;
}

/**
 * One page of badges matching `where`, most recent first unless sorted otherwise, as the JSON array
 * of its list items, with the total in the same statement: one round trip for the whole page. A
 * filter that recently counted beyond the exact range reuses that estimate and counts nothing; one
 * counted exactly reuses that count while no statement has written badges since. A deep page in
 * (created_at, id) order is read by key from where it starts, once that is known, while no
 * statement has written badges since; otherwise by offset.
 */
export async function listBadges(
  db: Database,
  where: SQL | undefined,
  query: Page & { sort?: string },
): Promise<{ items: string; total: number; estimated: boolean }> {
  const sort = query.sort && Object.hasOwn(BADGE_ORDER_COLUMNS, query.sort.replace(/^-/, '')) ? query.sort : '-createdAt';
  const order = sql.join(orderBy(sort, BADGE_ORDER_COLUMNS, badges.id, '-createdAt'), sql`, `);
  const { limit, offset } = pageWindow(query);
  const filter = where ? sql`where ${where}` : sql``;
  const estimate = recentEstimate(db, badges, where);
  const counted = keptCount(db, badges, where, 'badge_changes');
  const keyset = offset > 0 ? KEYSET_SORTS[sort] : undefined;
  const startKey = `${filterKey(db, badges, where)}\u0000${sort}\u0000${query.per_page}\u0000${query.page}`;
  const start = keyset ? await pageStart(db, startKey, filter, order, offset) : undefined;
  // The page's ids are found first, from the index alone where it can; only the page's own rows
  // are then read and written out. From a kept start, the index is entered at it; should the
  // badges have changed since, the same statement falls back to the offset.
  const holds = start ? sql`${CHANGES} = ${start.changes}` : undefined;
  const pageIds =
    keyset && start && holds
      ? sql`select badges.id from badges where ${where ?? sql`true`}
              and (badges.created_at, badges.id) ${keyset.after} (
                case when ${holds} then cast(${start.after} as timestamptz) else ${keyset.edgeAt} end,
                case when ${holds} then ${start.id} else ${keyset.edgeId} end)
            order by ${order} ${pageClause(limit, sql`(case when ${holds} then 0 else ${offset} end)`)}`
      : sql`select badges.id from badges ${filter} order by ${order} ${pageClause(limit, offset)}`;
  const totals = estimate === undefined ? counted.columns : sql`null as "cappedTotal", cast(${CHANGES} as text) as "changes"`;
  const items = (rowOrder: SQL) => sql`cast(coalesce(json_agg(${LIST_ITEM_JSON} order by ${rowOrder}), '[]') as text) as items`;
  let row: { items: string; cappedTotal: number | null; changes: string };
  if (isPlannedEachCall(pageIds)) {
    // A search is planned on every call; planning the page's ids alone takes a tenth of planning
    // them with the joins that write the items, so the items come from a second statement,
    // prepared once per connection, over those ids.
    const [{ ids, ...found }] = await queryRows<Omit<typeof row, 'items'> & { ids: number[] }>(
      db,
      sql`select array(${pageIds}) as ids, ${totals}`,
    ) as [Omit<typeof row, 'items'> & { ids: number[] }];
    const [page] =
      ids.length === 0
        ? [{ items: '[]' }]
        : await queryRows<{ items: string }>(
            db,
            sql`select ${items(sql`page.n`)}
                  from unnest(cast(${`{${ids.join(',')}}`} as int[])) with ordinality page(id, n)
                  join badges on badges.id = page.id
                  ${LIST_ITEM_JOINS}`,
          );
    row = { ...found, items: page!.items };
  } else {
    [row] = (await queryRows<typeof row>(
      db,
      sql`select ${items(order)}, ${totals}
          from (${pageIds}) page
          join badges on badges.id = page.id
          ${LIST_ITEM_JOINS}`,
    )) as [typeof row];
  }
  if (start && row.changes !== start.changes) forgetPageStart(db, startKey);
  const count = estimate === undefined ? await counted.total(row) : { total: estimate, estimated: true };
  return { items: row.items, ...count };
}

export async function findBadge(db: Database, id: number, scopeFilter: SQL | undefined) {
  const [row] = await joined(db).where(and(eq(badges.id, id), scopeFilter));
  return row;
}

export async function findAddons(db: Database, badgeId: number) {
  return db
    .select({ id: badgeCategories.id, name: badgeCategories.name })
    .from(badgeAddons)
    .innerJoin(badgeCategories, eq(badgeCategories.id, badgeAddons.addonCategoryId))
    .where(eq(badgeAddons.badgeId, badgeId))
    .orderBy(badgeCategories.sortOrder, badgeCategories.id);
}

export async function insertBadge(db: Database, values: typeof badges.$inferInsert): Promise<number> {
  const [row] = await db.insert(badges).values(values).returning({ id: badges.id });
  return row!.id;
}

export async function updateBadge(db: Database, id: number, values: Partial<typeof badges.$inferInsert>) {
  await db
    .update(badges)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(badges.id, id));
}

/** Deletes a badge with its answers; returns the ids of the files those answers named. */
export async function deleteBadge(db: Database, id: number): Promise<string[]> {
  const answers = await db
    .select({ fileId: badgeFieldValues.fileId })
    .from(badgeFieldValues)
    .where(and(eq(badgeFieldValues.badgeId, id), isNotNull(badgeFieldValues.fileId)));
  await db.delete(badges).where(eq(badges.id, id));
  return answers.map((answer) => answer.fileId!);
}

/**
 * Replaces the badge's answers to the given fields; other answers stay. An empty answer removes the
 * stored one, so a row always holds an answer.
 */
export async function saveFieldValues(
  db: Database,
  badgeId: number,
  values: { customFieldId: number; value: unknown; fileId?: string | null }[],
) {
  const answered = values.filter((v) => v.value != null || v.fileId != null);
  const cleared = values.filter((v) => v.value == null && v.fileId == null).map((v) => v.customFieldId);
  if (cleared.length > 0) {
    await db
      .delete(badgeFieldValues)
      .where(and(eq(badgeFieldValues.badgeId, badgeId), inArray(badgeFieldValues.customFieldId, cleared)));
  }
  if (answered.length === 0) return;
  await db
    .insert(badgeFieldValues)
    .values(
      answered.map((v) => ({ badgeId, customFieldId: v.customFieldId, value: v.value, fileId: v.fileId ?? null })),
    )
    .onConflictDoUpdate({
      target: [badgeFieldValues.badgeId, badgeFieldValues.customFieldId],
      set: { value: sql`excluded.value`, fileId: sql`excluded.file_id` },
    });
}

export async function countBadges(db: Database, where: SQL | undefined): Promise<number> {
  return countWhere(db, badges, where);
}

export async function emailRegistered(
  db: Database,
  eventId: number,
  categoryId: number,
  email: string,
  exceptId?: number,
) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from badges where event_id = ${eventId} and badge_category_id = ${categoryId} and email = ${email}
          ${exceptId ? sql`and id <> ${exceptId}` : sql``} limit 1`,
  );
  return rows.length > 0;
}

/** The badges among `ids` that the scope reaches, with their add-on of the category if they have it. */
export async function findBadgesForAddon(
  db: Database,
  ids: number[],
  scopeFilter: SQL | undefined,
  addonCategoryId: number,
) {
  return db
    .select({
      id: badges.id,
      eventId: badges.eventId,
      exhibitorId: badges.exhibitorId,
      status: badges.status,
      addonAllocationId: badgeAddons.allocationId,
      hasAddon: sql<boolean>`(${badgeAddons.badgeId} is not null)`,
    })
    .from(badges)
    .leftJoin(badgeAddons, and(eq(badgeAddons.badgeId, badges.id), eq(badgeAddons.addonCategoryId, addonCategoryId)))
    .where(and(inArray(badges.id, ids), scopeFilter))
    .orderBy(badges.id);
}

export async function insertBadgeAddon(db: Database, values: typeof badgeAddons.$inferInsert) {
  await db.insert(badgeAddons).values(values);
}

export async function deleteBadgeAddon(db: Database, badgeId: number, addonCategoryId: number) {
  await db
    .delete(badgeAddons)
    .where(and(eq(badgeAddons.badgeId, badgeId), eq(badgeAddons.addonCategoryId, addonCategoryId)));
}

/** The ids of every badge `where` keeps, in the list's order: an export's rows, fixed when it starts. */
export async function badgeIds(db: Database, where: SQL | undefined, sort: string | undefined): Promise<number[]> {
  const order = sql.join(orderBy(sort, BADGE_ORDER_COLUMNS, badges.id, '-createdAt'), sql`, `);
  const rows = await queryRows<{ id: number }>(db, sql`select badges.id from badges ${where ? sql`where ${where}` : sql``} order by ${order}`);
  return rows.map((row) => row.id);
}

/** A custom field that has a column in a badge export. */
export type ExportField = { id: number; label: string; options: { value: string; label: string }[] };

/**
 * The organiser's badge fields that apply to any badge `where` keeps (its event's fields, and its
 * category's), in form order: the export's answer columns. File answers have no column.
 */
export async function badgeExportFields(db: Database, where: SQL | undefined): Promise<ExportField[]> {
  return queryRows<ExportField>(
    db,
    sql`select f.id, f.label, f.options from custom_fields f
         where f.entity_type = 'badge' and f.exhibitor_id is null and f.type <> 'file'
           and exists (select 1 from badges where ${where ?? sql`true`} and badges.event_id = f.event_id
                         and (f.badge_category_id is null or badges.badge_category_id = f.badge_category_id))
         order by f.event_id, f.sort_order, f.id`,
  );
}

export type BadgeExportRow = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  companyName: string | null;
  categoryName: string;
  eventName: string;
  badgeType: string;
  status: string;
  createdByName: string | null;
  printCount: number;
  createdAt: string;
  /** Answers by custom-field id. */
  answers: Record<string, unknown>;
};

export async function badgesForExport(db: Database, ids: number[]): Promise<BadgeExportRow[]> {
  return queryRows<BadgeExportRow>(
    db,
    sql`select badges.id, badges.first_name as "firstName", badges.last_name as "lastName", badges.email, badges.phone,
          c.name as "companyName", bc.name as "categoryName", e.name as "eventName", badges.badge_type as "badgeType",
          badges.status, cr.first_name || ' ' || cr.last_name as "createdByName", ${sql.raw(PRINT_COUNT)} as "printCount",
          ${sql.raw(isoText('badges.created_at'))} as "createdAt",
          coalesce((select json_object_agg(v.custom_field_id, v.value) from badge_field_values v where v.badge_id = badges.id), '{}') as answers
        from badges ${LIST_ITEM_JOINS}
        where badges.id = any(${`{${ids.join(',')}}`}::int[])`,
  );
}
