import { SYSTEM_ROLE_NAMES } from '@portal/shared/roles';
import { and, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { adminRoles, admins } from '../../db/schema/admins';
import { oneTimeTokens, refreshTokens } from '../../db/schema/auth';
import { companies } from '../../db/schema/companies';
import { events } from '../../db/schema/events';
import { exhibitorProfiles } from '../../db/schema/exhibitors';
import { roles } from '../../db/schema/roles';
import { containsPattern, countWhere, fetchPage, nameOrder, orderBy, pageWindow, type Page } from '../../lib/listing';
import type { Scope } from '../auth/scope';

const adminColumns = {
  id: admins.id,
  email: admins.email,
  firstName: admins.firstName,
  lastName: admins.lastName,
  eventId: admins.eventId,
  eventName: events.name,
  exhibitorId: admins.exhibitorId,
  companyId: admins.companyId,
  companyName: companies.name,
  isActive: admins.isActive,
  hasPassword: sql<boolean>`${admins.passwordHash} is not null`,
  lastLoginAt: admins.lastLoginAt,
  createdAt: admins.createdAt,
  updatedAt: admins.updatedAt,
  roles: sql<{ id: number; name: string }[]>`coalesce((
    select json_agg(json_build_object('id', r.id, 'name', r.name) order by r.id)
      from ${adminRoles} ar join ${roles} r on r.id = ar.role_id where ar.admin_id = admins.id), '[]'::json)`,
};

export type AdminRow = NonNullable<Awaited<ReturnType<typeof findAdmin>>>;

/** The admins a scope reaches: its event's, its exhibitor's own team, or itself. */
export function adminScopeFilter(scope: Scope): SQL | undefined {
  switch (scope.kind) {
    case 'global':
      return undefined;
    case 'event':
      return eq(admins.eventId, scope.eventId);
    case 'exhibitor':
      return or(eq(admins.id, scope.exhibitorId), eq(admins.exhibitorId, scope.exhibitorId));
    case 'sub-account':
      return eq(admins.id, scope.subAccountId);
  }
}

function baseQuery(db: Database) {
  return db
    .select(adminColumns)
    .from(admins)
    .leftJoin(events, eq(events.id, admins.eventId))
    .leftJoin(companies, eq(companies.id, admins.companyId));
}

export type AdminListFilter = Page & { search?: string; sort?: string; roleId?: number; eventId?: number };

export async function listAdmins(db: Database, scope: Scope, query: AdminListFilter) {
  const conditions = [
    adminScopeFilter(scope),
    query.search
      ? sql`(${admins.firstName} || ' ' || ${admins.lastName} || ' ' || ${admins.email}) ilike ${containsPattern(query.search)}`
      : undefined,
    query.roleId
      ? sql`exists (select 1 from ${adminRoles} ar where ar.admin_id = admins.id and ar.role_id = ${query.roleId})`
      : undefined,
    query.eventId ? eq(admins.eventId, query.eventId) : undefined,
  ];
  const where = and(...conditions);
  const order = orderBy(
    query.sort,
    { name: nameOrder(sql`(${admins.lastName} || ' ' || ${admins.firstName})`), email: admins.email, createdAt: admins.createdAt },
    admins.id,
    'name',
  );
  const { limit, offset } = pageWindow(query);
  // Deferred join: the page's ids first, so that the roles sub-select runs for the page only and
  // not for every row an OFFSET skips.
  const pageIds = db.select({ id: admins.id }).from(admins).where(where).orderBy(...order).limit(limit).offset(offset);
  return fetchPage(
    () => baseQuery(db).where(inArray(admins.id, pageIds)).orderBy(...order),
    () => countWhere(db, admins, where),
  );
}

export async function findAdmin(db: Database, id: number, scope: Scope) {
  const [row] = await baseQuery(db).where(and(eq(admins.id, id), adminScopeFilter(scope)));
  return row;
}

export async function emailTaken(db: Database, email: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: admins.id })
    .from(admins)
    .where(and(eq(admins.email, email), exceptId ? ne(admins.id, exceptId) : undefined));
  return Boolean(row);
}

export type AdminValues = {
  email: string;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  eventId: number | null;
  exhibitorId: number | null;
  companyId: number | null;
};

export async function insertAdmin(db: Database, values: AdminValues): Promise<number> {
  const [row] = await db.insert(admins).values(values).returning({ id: admins.id });
  return row!.id;
}

export async function updateAdmin(db: Database, id: number, values: Partial<AdminValues> & { isActive?: boolean }) {
  await db
    .update(admins)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(admins.id, id));
}

export async function setAdminRoles(db: Database, adminId: number, roleIds: readonly number[]) {
  await db.delete(adminRoles).where(eq(adminRoles.adminId, adminId));
  if (roleIds.length > 0) await db.insert(adminRoles).values(roleIds.map((roleId) => ({ adminId, roleId })));
}

/**
 * Replaces the personal data of the account, and of its sub-accounts when it is an exhibitor, with
 * placeholders, and closes them: no password, inactive, every session and emailed link revoked.
 * What names them (purchases, payments, invoices with their frozen bill-to copy) stays as it is.
 * Answers the ids of the accounts anonymised.
 */
export async function anonymiseAccount(db: Database, id: number): Promise<number[]> {
  const rows = await db
    .update(admins)
    .set({
      // Unique (the email is), and in a reserved domain that never receives mail (RFC 2606).
      email: sql`'anonymised-' || ${admins.id} || '@anonymised.invalid'`,
      firstName: 'Anonymised',
      lastName: 'account',
      passwordHash: null,
      isActive: false,
      updatedAt: sql`now()`,
    })
    .where(or(eq(admins.id, id), eq(admins.exhibitorId, id)))
    .returning({ id: admins.id });
  const ids = rows.map((row) => row.id);
  await db
    .update(exhibitorProfiles)
    .set({ phone: null, profile: null, updatedAt: sql`now()` })
    .where(inArray(exhibitorProfiles.adminId, ids));
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(inArray(refreshTokens.adminId, ids), isNull(refreshTokens.revokedAt)));
  await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(and(inArray(oneTimeTokens.adminId, ids), isNull(oneTimeTokens.usedAt)));
  return ids;
}

export async function deleteAdmin(db: Database, id: number) {
  await db.delete(admins).where(eq(admins.id, id));
}

/** Active holders of the built-in System Admin role. */
export async function countSystemAdmins(db: Database): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`cast(count(*) as integer)` })
    .from(admins)
    .innerJoin(adminRoles, eq(adminRoles.adminId, admins.id))
    .innerJoin(roles, eq(roles.id, adminRoles.roleId))
    .where(and(eq(roles.name, SYSTEM_ROLE_NAMES.systemAdmin), eq(roles.isSystem, true), eq(admins.isActive, true)));
  return row?.count ?? 0;
}

/** Locks the built-in System Admin role row, so two removals of the last two holders run one after the other. */
export async function lockSystemAdminRole(db: Database) {
  await db.execute(
    sql`select id from ${roles} where ${roles.name} = ${SYSTEM_ROLE_NAMES.systemAdmin} and ${roles.isSystem} for update`,
  );
}

export async function eventExists(db: Database, id: number): Promise<boolean> {
  const [row] = await db.select({ id: events.id }).from(events).where(eq(events.id, id));
  return Boolean(row);
}
