import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { admins } from '../../db/schema/admins';
import { companies } from '../../db/schema/companies';
import { events } from '../../db/schema/events';
import { containsPattern, countWhere, fetchPage, nameOrder, orderBy, pageWindow, type Page } from '../../lib/listing';
import type { Scope } from '../auth/scope';

const parent = alias(admins, 'parent');

const subAccountColumns = {
  id: admins.id,
  exhibitorId: sql<number>`${admins.exhibitorId}`,
  exhibitorName: sql<string>`(${parent.firstName} || ' ' || ${parent.lastName})`,
  companyName: companies.name,
  eventId: admins.eventId,
  eventName: events.name,
  firstName: admins.firstName,
  lastName: admins.lastName,
  email: admins.email,
  isActive: admins.isActive,
  lastLoginAt: admins.lastLoginAt,
  createdAt: admins.createdAt,
  updatedAt: admins.updatedAt,
};

export type SubAccountRow = NonNullable<Awaited<ReturnType<typeof findSubAccount>>>;

/** Sub-accounts are the admins under an exhibitor; a scope reaches its event's, its own, or itself. */
export function subAccountScopeFilter(scope: Scope): SQL | undefined {
  switch (scope.kind) {
    case 'global':
      return isNotNull(admins.exhibitorId);
    case 'event':
      return and(isNotNull(admins.exhibitorId), eq(admins.eventId, scope.eventId));
    case 'exhibitor':
      return eq(admins.exhibitorId, scope.exhibitorId);
    case 'sub-account':
      return eq(admins.id, scope.subAccountId);
  }
}

function joined(db: Database) {
  return db
    .select(subAccountColumns)
    .from(admins)
    .innerJoin(parent, eq(parent.id, admins.exhibitorId))
    .leftJoin(companies, eq(companies.id, admins.companyId))
    .leftJoin(events, eq(events.id, admins.eventId));
}

export type SubAccountFilter = { search?: string; sort?: string; exhibitorId?: number; eventId?: number };

function subAccountWhere(scope: Scope, query: SubAccountFilter): SQL | undefined {
  return and(
    subAccountScopeFilter(scope),
    query.exhibitorId ? eq(admins.exhibitorId, query.exhibitorId) : undefined,
    query.eventId ? eq(admins.eventId, query.eventId) : undefined,
    query.search
      ? sql`(${admins.firstName} || ' ' || ${admins.lastName} || ' ' || ${admins.email}) ilike ${containsPattern(query.search)}`
      : undefined,
  );
}

function subAccountOrder(sort: string | undefined) {
  return orderBy(
    sort,
    { name: nameOrder(sql`(${admins.lastName} || ' ' || ${admins.firstName})`), email: admins.email, createdAt: admins.createdAt },
    admins.id,
    'name',
  );
}

export async function listSubAccounts(db: Database, scope: Scope, query: Page & SubAccountFilter) {
  const where = subAccountWhere(scope, query);
  const order = subAccountOrder(query.sort);
  const { limit, offset } = pageWindow(query);
  const pageIds = db.select({ id: admins.id }).from(admins).where(where).orderBy(...order).limit(limit).offset(offset);
  return fetchPage(
    () => joined(db).where(inArray(admins.id, pageIds)).orderBy(...order),
    () => countWhere(db, admins, where),
  );
}

/** The ids of every sub-account the list's filter keeps, in the list's order: an export's rows. */
export async function subAccountIds(db: Database, scope: Scope, filter: SubAccountFilter): Promise<number[]> {
  const rows = await db
    .select({ id: admins.id })
    .from(admins)
    .where(subAccountWhere(scope, filter))
    .orderBy(...subAccountOrder(filter.sort));
  return rows.map((row) => row.id);
}

export async function subAccountsByIds(db: Database, ids: number[]) {
  return joined(db).where(inArray(admins.id, ids));
}

export async function findSubAccount(db: Database, id: number, scope: Scope) {
  const [row] = await joined(db).where(and(eq(admins.id, id), subAccountScopeFilter(scope)));
  return row;
}
