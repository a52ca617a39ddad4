import { and, eq, inArray, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { admins } from '../../db/schema/admins';
import { allocations, badgeCategories } from '../../db/schema/badges';
import { companies } from '../../db/schema/companies';
import { events } from '../../db/schema/events';
import { registrationLinks } from '../../db/schema/registration-links';
import { containsPattern, countWhere, fetchPage, orderBy, pageWindow, type Page } from '../../lib/listing';
import type { Scope } from '../auth/scope';

/** A badge link that may still register someone: not revoked, not expired, uses left (or no maximum). */
export const openBadgeLink = and(
  eq(registrationLinks.kind, 'badge'),
  isNull(registrationLinks.revokedAt),
  or(isNull(registrationLinks.expiresAt), sql`${registrationLinks.expiresAt} > now()`),
  or(isNull(registrationLinks.maxUses), sql`${registrationLinks.uses} < ${registrationLinks.maxUses}`),
);

/**
 * The places an owner's open badge links of a category may still take: the uses left of each (a
 * link without a maximum holds none). The allocation screens and bulk send count them alike.
 */
export const heldByOpenLinks = (ownerId: SQLWrapper, badgeCategoryId: SQLWrapper) =>
  sql<number>`(select cast(coalesce(sum(${registrationLinks.maxUses} - ${registrationLinks.uses}), 0) as integer)
                 from ${registrationLinks}
                where ${and(openBadgeLink, sql`${registrationLinks.exhibitorId} = ${ownerId}`, sql`${registrationLinks.badgeCategoryId} = ${badgeCategoryId}`)})`;

const allocationColumns = {
  id: allocations.id,
  eventId: allocations.eventId,
  adminId: allocations.adminId,
  adminName: sql<string>`(${admins.firstName} || ' ' || ${admins.lastName})`,
  companyName: companies.name,
  parentAllocationId: allocations.parentAllocationId,
  badgeCategoryId: allocations.badgeCategoryId,
  badgeCategory: {
    id: badgeCategories.id,
    name: badgeCategories.name,
    type: badgeCategories.type,
    badgeType: badgeCategories.badgeType,
  },
  quantity: allocations.quantity,
  used: allocations.used,
  reserved: sql<number>`(select cast(coalesce(sum(c.quantity), 0) as integer) from allocations c where c.parent_allocation_id = allocations.id)`,
  childrenUsed: sql<number>`(select cast(coalesce(sum(c.used), 0) as integer) from allocations c where c.parent_allocation_id = allocations.id)`,
  heldByLinks: heldByOpenLinks(allocations.adminId, allocations.badgeCategoryId),
  createdAt: allocations.createdAt,
  updatedAt: allocations.updatedAt,
};

export type AllocationRow = NonNullable<Awaited<ReturnType<typeof findAllocation>>>;

/** Allocations a scope reaches: its event's, an exhibitor's own and its sub-accounts', a sub-account's own. */
export function allocationScopeFilter(scope: Scope): SQL | undefined {
  switch (scope.kind) {
    case 'global':
      return undefined;
    case 'event':
      return eq(allocations.eventId, scope.eventId);
    case 'exhibitor':
      return sql`${allocations.adminId} in (select id from admins where admins.id = ${scope.exhibitorId} or admins.exhibitor_id = ${scope.exhibitorId})`;
    case 'sub-account':
      return eq(allocations.adminId, scope.subAccountId);
  }
}

function joined(db: Database) {
  return db
    .select(allocationColumns)
    .from(allocations)
    .innerJoin(admins, eq(admins.id, allocations.adminId))
    .innerJoin(badgeCategories, eq(badgeCategories.id, allocations.badgeCategoryId))
    .leftJoin(companies, eq(companies.id, admins.companyId));
}

export type AllocationFilter = {
  sort?: string;
  adminId?: number;
  eventId?: number;
  badgeCategoryId?: number;
  type?: 'badge' | 'addon';
  includeChildAllocations?: boolean;
  search?: string;
};

/** The allocations of a scope that a list's filter keeps. */
function allocationWhere(scopeFilter: SQL | undefined, query: AllocationFilter): SQL | undefined {
  return and(
    scopeFilter,
    query.adminId ? eq(allocations.adminId, query.adminId) : undefined,
    query.eventId ? eq(allocations.eventId, query.eventId) : undefined,
    query.badgeCategoryId ? eq(allocations.badgeCategoryId, query.badgeCategoryId) : undefined,
    query.type ? sql`exists (select 1 from badge_categories bc where bc.id = allocations.badge_category_id and bc.type = ${query.type})` : undefined,
    query.includeChildAllocations ? undefined : isNull(allocations.parentAllocationId),
    query.search
      ? sql`exists (select 1 from admins a left join companies c on c.id = a.company_id where a.id = allocations.admin_id
               and (a.first_name || ' ' || a.last_name || ' ' || a.email || ' ' || coalesce(c.name, '')) ilike ${containsPattern(query.search)})`
      : undefined,
  );
}

const allocationOrder = (sort: string | undefined) =>
  orderBy(sort, { createdAt: allocations.createdAt, quantity: allocations.quantity, used: allocations.used }, allocations.id, 'createdAt');

export async function listAllocations(db: Database, scopeFilter: SQL | undefined, query: Page & AllocationFilter) {
  const where = allocationWhere(scopeFilter, query);
  const order = allocationOrder(query.sort);
  const { limit, offset } = pageWindow(query);
  const pageIds = db.select({ id: allocations.id }).from(allocations).where(where).orderBy(...order).limit(limit).offset(offset);
  return fetchPage(
    () => joined(db).where(inArray(allocations.id, pageIds)).orderBy(...order),
    () => countWhere(db, allocations, where),
  );
}

/** The ids of every allocation the list's filter keeps, in the list's order: an export's rows. */
export async function allocationIds(db: Database, scopeFilter: SQL | undefined, filter: AllocationFilter): Promise<number[]> {
  const rows = await db
    .select({ id: allocations.id })
    .from(allocations)
    .where(allocationWhere(scopeFilter, filter))
    .orderBy(...allocationOrder(filter.sort));
  return rows.map((row) => row.id);
}

/** Allocations with their event's name, as an export writes them. */
export async function allocationsByIds(db: Database, ids: number[]) {
  return db
    .select({ ...allocationColumns, eventName: events.name })
    .from(allocations)
    .innerJoin(admins, eq(admins.id, allocations.adminId))
    .innerJoin(badgeCategories, eq(badgeCategories.id, allocations.badgeCategoryId))
    .innerJoin(events, eq(events.id, allocations.eventId))
    .leftJoin(companies, eq(companies.id, admins.companyId))
    .where(inArray(allocations.id, ids));
}
export type AllocationExportRow = Awaited<ReturnType<typeof allocationsByIds>>[number];

export async function findAllocation(db: Database, id: number, scopeFilter: SQL | undefined) {
  const [row] = await joined(db).where(and(eq(allocations.id, id), scopeFilter));
  return row;
}

export async function findAllocationsByIds(db: Database, ids: number[], scopeFilter: SQL | undefined) {
  if (ids.length === 0) return [];
  return joined(db).where(and(inArray(allocations.id, ids), scopeFilter)).orderBy(allocations.id);
}

export type LockedAllocation = { id: number; quantity: number; used: number; reserved: number; parentAllocationId: number | null };

/**
 * Locks an admin's allocation of a category for the rest of the transaction and answers it with
 * what its sub-accounts hold. Every change of `used` or of a child's quantity goes through this
 * lock, so concurrent registrations are taken one after the other and never overshoot.
 */
export async function lockAllocation(db: Database, adminId: number, badgeCategoryId: number): Promise<LockedAllocation | null> {
  const [row] = await queryRows<{ id: number; quantity: number; used: number; parent_allocation_id: number | null }>(
    db,
    sql`select id, quantity, used, parent_allocation_id from allocations
         where admin_id = ${adminId} and badge_category_id = ${badgeCategoryId} for update`,
  );
  if (!row) return null;
  const [children] = await queryRows<{ reserved: number }>(
    db,
    sql`select cast(coalesce(sum(quantity), 0) as integer) as reserved from allocations where parent_allocation_id = ${row.id}`,
  );
  return { id: row.id, quantity: row.quantity, used: row.used, reserved: children!.reserved, parentAllocationId: row.parent_allocation_id };
}

/**
 * Locks an admin's allocation of a category, creating it empty first when there is none. The
 * insert skips a row that exists (or that a concurrent transaction is inserting: it waits for that
 * one and then finds its row), so any number of callers creating the same allocation at once all
 * end up holding the one row, one after the other, and none fails on the unique key.
 */
export async function lockOrCreateAllocation(
  db: Database,
  values: { eventId: number; adminId: number; badgeCategoryId: number; parentAllocationId?: number | null },
): Promise<{ allocation: LockedAllocation; created: boolean }> {
  const inserted = await db
    .insert(allocations)
    .values({ ...values, quantity: 0 })
    .onConflictDoNothing({ target: [allocations.adminId, allocations.badgeCategoryId] })
    .returning({ id: allocations.id });
  const allocation = await lockAllocation(db, values.adminId, values.badgeCategoryId);
  return { allocation: allocation!, created: inserted.length > 0 };
}

export async function setQuantity(db: Database, id: number, quantity: number) {
  await db.update(allocations).set({ quantity, updatedAt: sql`now()` }).where(eq(allocations.id, id));
}

export async function changeUsed(db: Database, id: number, delta: number) {
  await db
    .update(allocations)
    .set({ used: sql`${allocations.used} + ${delta}`, updatedAt: sql`now()` })
    .where(eq(allocations.id, id));
}

/** The exhibitor or sub-account an allocation belongs to. */
export async function allocationHolder(db: Database, allocationId: number): Promise<number> {
  const [row] = await db.select({ adminId: allocations.adminId }).from(allocations).where(eq(allocations.id, allocationId));
  return row!.adminId;
}
