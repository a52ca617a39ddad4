import type { BadgeType } from '@portal/shared/badge-categories';
import { and, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { badgeCategories, badges } from '../../db/schema/badges';
import { events } from '../../db/schema/events';
import { containsPattern, countWhere, fetchPage, nameOrder, orderBy, pageWindow, type Page } from '../../lib/listing';
import { scopeEventId, type Scope } from '../auth/scope';

const summaryColumns = {
  id: badgeCategories.id,
  eventId: badgeCategories.eventId,
  name: badgeCategories.name,
  displayName: badgeCategories.displayName,
  type: badgeCategories.type,
  badgeType: badgeCategories.badgeType,
  unitPrice: badgeCategories.unitPriceCents,
  vatRateBasisPoints: badgeCategories.vatRateBasisPoints,
  currency: sql<string>`(select e.currency from ${events} e where e.id = badge_categories.event_id)`,
  isActive: badgeCategories.isActive,
  sortOrder: badgeCategories.sortOrder,
  description: badgeCategories.description,
  createdAt: badgeCategories.createdAt,
  updatedAt: badgeCategories.updatedAt,
};

/**
 * With the active badges counted among those `badgeFilter` admits (`badgeCountFilterFor`; none:
 * the whole event's, as rules about the category need). Without a filter the count reads only
 * the partial index of active badges per event and category; with one, an owner's index.
 */
const categoryColumns = (badgeFilter?: SQL) => ({
  ...summaryColumns,
  grantsLeadScanning: badgeCategories.grantsLeadScanning,
  badgeCount: sql<number>`(select cast(count(*) as integer) from ${badges}
    where ${badges.eventId} = badge_categories.event_id and ${badges.badgeCategoryId} = badge_categories.id
      and ${badges.status} = 'active' ${badgeFilter ? sql`and ${badgeFilter}` : sql``})`,
});

export type CategoryRow = NonNullable<Awaited<ReturnType<typeof findCategory>>>;

/** The categories a caller reaches: its event's, and only the badge types it may see. */
export function categoryScopeFilter(scope: Scope, visibleTypes: readonly BadgeType[]): SQL | undefined {
  const eventId = scopeEventId(scope);
  return and(
    eventId == null ? undefined : eq(badgeCategories.eventId, eventId),
    visibleTypes.length > 0 ? inArray(badgeCategories.badgeType, [...visibleTypes]) : sql`false`,
  );
}

export type CategoryFilter = Page & {
  search?: string;
  sort?: string;
  eventId?: number;
  type?: 'badge' | 'addon';
  badgeType?: BadgeType;
};

function filterConditions(query: Omit<CategoryFilter, 'page' | 'per_page'>) {
  return [
    query.eventId ? eq(badgeCategories.eventId, query.eventId) : undefined,
    query.type ? eq(badgeCategories.type, query.type) : undefined,
    query.badgeType ? eq(badgeCategories.badgeType, query.badgeType) : undefined,
    query.search ? ilike(badgeCategories.name, containsPattern(query.search)) : undefined,
  ];
}

const defaultOrder = (sort: string | undefined) =>
  orderBy(
    sort,
    { sortOrder: badgeCategories.sortOrder, name: nameOrder(badgeCategories.name), createdAt: badgeCategories.createdAt },
    badgeCategories.id,
    'sortOrder',
  );

export async function listCategories(db: Database, scopeFilter: SQL | undefined, query: CategoryFilter, badgeFilter?: SQL) {
  const where = and(scopeFilter, ...filterConditions(query));
  const order = defaultOrder(query.sort);
  const { limit, offset } = pageWindow(query);
  const pageIds = db.select({ id: badgeCategories.id }).from(badgeCategories).where(where).orderBy(...order).limit(limit).offset(offset);
  return fetchPage(
    () => db.select(categoryColumns(badgeFilter)).from(badgeCategories).where(inArray(badgeCategories.id, pageIds)).orderBy(...order),
    () => countWhere(db, badgeCategories, where),
  );
}

/** The first `limit` categories of an event in menu order, without counting badges or paging. */
export async function listEventCategories(
  db: Database,
  scopeFilter: SQL | undefined,
  query: { eventId: number; type: 'badge' | 'addon'; badgeType?: BadgeType; limit: number },
) {
  const order = defaultOrder(undefined);
  return db
    .select(summaryColumns)
    .from(badgeCategories)
    .where(and(scopeFilter, ...filterConditions(query)))
    .orderBy(...order)
    .limit(query.limit);
}

/** A category the scope filter admits, its `badgeCount` counted as in `categoryColumns`. */
export async function findCategory(db: Database, id: number, scopeFilter: SQL | undefined, badgeFilter?: SQL) {
  const [row] = await db
    .select(categoryColumns(badgeFilter))
    .from(badgeCategories)
    .where(and(eq(badgeCategories.id, id), scopeFilter));
  return row;
}

export type CategoryValues = typeof badgeCategories.$inferInsert;

export async function insertCategory(db: Database, values: CategoryValues): Promise<number> {
  const [row] = await db.insert(badgeCategories).values(values).returning({ id: badgeCategories.id });
  return row!.id;
}

export async function updateCategory(db: Database, id: number, values: Partial<CategoryValues>) {
  await db
    .update(badgeCategories)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(badgeCategories.id, id));
}

export async function deleteCategory(db: Database, id: number) {
  await db.delete(badgeCategories).where(eq(badgeCategories.id, id));
}

/** Badges, allocations and add-on assignments that still point at the category. */
export async function countCategoryUses(db: Database, id: number) {
  const [row] = await queryRows<{ badges: number; allocations: number; addons: number; purchases: number }>(
    db,
    sql`select (select count(*) from badges where badge_category_id = ${id})::int as badges,
               (select count(*) from allocations where badge_category_id = ${id})::int as allocations,
               (select count(*) from badge_addons where addon_category_id = ${id})::int as addons,
               (select count(*) from allocation_purchases where badge_category_id = ${id})::int as purchases`,
  );
  return row!;
}
