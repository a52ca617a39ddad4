import type { BadgeType } from '@portal/shared/badge-categories';
import { REGISTRATION_LINK_ID_PATTERN } from '@portal/shared/registration-links';
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { countWhere, fetchPage, pageWindow } from '../../lib/listing';
import type { Database } from '../../db/client';
import { admins } from '../../db/schema/admins';
import { allocations, badgeCategories, badges } from '../../db/schema/badges';
import { companies } from '../../db/schema/companies';
import { events } from '../../db/schema/events';
import { registrationLinks } from '../../db/schema/registration-links';
import type { Scope } from '../auth/scope';
import { categoryScopeFilter } from '../badge-categories/badge-categories.repository';

export type LinkRow = typeof registrationLinks.$inferSelect;

export async function insertLink(db: Database, values: typeof registrationLinks.$inferInsert): Promise<LinkRow> {
  const [row] = await db.insert(registrationLinks).values(values).returning();
  return row!;
}

/** Inserts many links in a few statements, kept well under PostgreSQL's 65,535 parameters each. */
export async function insertLinks(db: Database, values: (typeof registrationLinks.$inferInsert)[]): Promise<LinkRow[]> {
  const rows: LinkRow[] = [];
  for (let start = 0; start < values.length; start += 1000)
    rows.push(...(await db.insert(registrationLinks).values(values.slice(start, start + 1000)).returning()));
  return rows;
}

/** A link with what its public page shows; revoked links too, so that they answer like expired ones. */
export async function findLinkWithEvent(db: Database, id: string) {
  if (!REGISTRATION_LINK_ID_PATTERN.test(id)) return undefined;
  const [row] = await db
    .select({
      link: registrationLinks,
      event: {
        name: events.name,
        startDate: events.startDate,
        endDate: events.endDate,
        venue: events.venue,
        city: events.city,
        country: events.country,
        status: events.status,
      },
    })
    .from(registrationLinks)
    .innerJoin(events, eq(events.id, registrationLinks.eventId))
    .where(eq(registrationLinks.id, id));
  return row;
}

/**
 * Counts one use, only while the link is open: the condition and the increment are one statement,
 * so concurrent registrations can never pass the maximum. Null when the link cannot be used.
 */
export async function takeLinkUse(db: Database, id: string): Promise<LinkRow | null> {
  const [row] = await db
    .update(registrationLinks)
    .set({ uses: sql`${registrationLinks.uses} + 1`, lastUsedAt: sql`now()` })
    .where(
      and(
        eq(registrationLinks.id, id),
        isNull(registrationLinks.revokedAt),
        or(isNull(registrationLinks.maxUses), sql`${registrationLinks.uses} < ${registrationLinks.maxUses}`),
        or(isNull(registrationLinks.expiresAt), sql`${registrationLinks.expiresAt} > now()`),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * The links a caller may see: exhibitor links when it manages exhibitors; badge links of the
 * categories it sees, and among those, for an exhibitor its own and its sub-accounts', for a
 * sub-account its own.
 */
export function linkScopeFilter(
  scope: Scope,
  reach: { exhibitorLinks: boolean; badgeLinks: boolean; visibleTypes: readonly BadgeType[] },
): SQL {
  const eventId = scope.kind === 'global' ? null : scope.eventId;
  const owner =
    scope.kind === 'exhibitor'
      ? or(
          eq(registrationLinks.exhibitorId, scope.exhibitorId),
          inArray(
            registrationLinks.exhibitorId,
            sql`(select ${admins.id} from ${admins} where ${admins.exhibitorId} = ${scope.exhibitorId})`,
          ),
        )
      : scope.kind === 'sub-account'
        ? eq(registrationLinks.exhibitorId, scope.subAccountId)
        : undefined;
  const visibleCategories = sql`(select ${badgeCategories.id} from ${badgeCategories} where ${categoryScopeFilter(scope, reach.visibleTypes) ?? sql`true`})`;
  const kinds = [
    reach.exhibitorLinks && scope.kind !== 'exhibitor' && scope.kind !== 'sub-account'
      ? eq(registrationLinks.kind, 'exhibitor')
      : undefined,
    reach.badgeLinks
      ? and(eq(registrationLinks.kind, 'badge'), inArray(registrationLinks.badgeCategoryId, visibleCategories), owner)
      : undefined,
  ].filter((condition) => condition !== undefined);
  return and(
    eventId == null ? undefined : eq(registrationLinks.eventId, eventId),
    kinds.length > 0 ? or(...kinds) : sql`false`,
  )!;
}

export type LinkRowFilter = Omit<LinkFilter, 'page' | 'per_page'>;

export type LinkFilter = {
  eventId?: number;
  kind?: 'exhibitor' | 'badge';
  badgeCategoryId?: number;
  exhibitorId?: number;
  page: number;
  per_page: number;
};

const owners = alias(admins, 'owner');
const ownerCompanies = alias(companies, 'owner_company');

/** Links within a scope filter, newest first, with their category's and owner's names. */
function linkWhere(scopeFilter: SQL, query: LinkRowFilter): SQL | undefined {
  return and(
    scopeFilter,
    query.eventId ? eq(registrationLinks.eventId, query.eventId) : undefined,
    query.kind ? eq(registrationLinks.kind, query.kind) : undefined,
    query.badgeCategoryId ? eq(registrationLinks.badgeCategoryId, query.badgeCategoryId) : undefined,
    query.exhibitorId ? eq(registrationLinks.exhibitorId, query.exhibitorId) : undefined,
  );
}

/** The list's order: the newest link first. */
const LINK_ORDER = [desc(registrationLinks.createdAt), desc(registrationLinks.id)];

function selectLinks(db: Database) {
  return db
    .select({
      link: registrationLinks,
      badgeCategoryName: badgeCategories.name,
      ownerName: sql<
        string | null
      >`coalesce(${ownerCompanies.name} || ' – ' || ${owners.firstName} || ' ' || ${owners.lastName}, ${owners.firstName} || ' ' || ${owners.lastName})`,
    })
    .from(registrationLinks)
    .leftJoin(badgeCategories, eq(badgeCategories.id, registrationLinks.badgeCategoryId))
    .leftJoin(owners, eq(owners.id, registrationLinks.exhibitorId))
    .leftJoin(ownerCompanies, eq(ownerCompanies.id, owners.companyId));
}

export async function listLinks(db: Database, scopeFilter: SQL, query: LinkFilter) {
  const where = linkWhere(scopeFilter, query);
  const { limit, offset } = pageWindow(query);
  return fetchPage(
    () =>
      selectLinks(db)
        .where(where)
        .orderBy(...LINK_ORDER)
        .limit(limit)
        .offset(offset),
    () => countWhere(db, registrationLinks, where),
  );
}

export type LinkListRow = Awaited<ReturnType<typeof linksByIds>>[number];

/** The ids of every link the list's filter keeps, in the list's order: an export's rows. */
export async function linkIds(db: Database, scopeFilter: SQL, filter: LinkRowFilter): Promise<string[]> {
  const rows = await db
    .select({ id: registrationLinks.id })
    .from(registrationLinks)
    .where(linkWhere(scopeFilter, filter))
    .orderBy(...LINK_ORDER);
  return rows.map((row) => row.id);
}

export async function linksByIds(db: Database, ids: string[]) {
  return selectLinks(db).where(inArray(registrationLinks.id, ids));
}

export async function findLink(db: Database, id: string, scopeFilter: SQL) {
  if (!REGISTRATION_LINK_ID_PATTERN.test(id)) return undefined;
  const [row] = await db
    .select()
    .from(registrationLinks)
    .where(and(eq(registrationLinks.id, id), scopeFilter));
  return row;
}

export async function revokeLink(db: Database, id: string) {
  await db
    .update(registrationLinks)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(registrationLinks.id, id), isNull(registrationLinks.revokedAt)));
}

/** The badge an earlier submission through this link registered for this email, if any. */
export async function findBadgeOfLink(db: Database, linkId: string, email: string) {
  const [row] = await db
    .select({ id: badges.id })
    .from(badges)
    .where(and(eq(badges.registrationLinkId, linkId), eq(badges.email, email)));
  return row;
}

/** The badge categories a holder has places of (its own allocation rows), for a link that names none. */
export async function allocatedCategoryIds(db: Database, holderId: number): Promise<number[]> {
  const rows = await db
    .select({ id: badgeCategories.id })
    .from(allocations)
    .innerJoin(badgeCategories, eq(badgeCategories.id, allocations.badgeCategoryId))
    .where(
      and(eq(allocations.adminId, holderId), eq(badgeCategories.type, 'badge'), eq(badgeCategories.isActive, true)),
    )
    .orderBy(asc(badgeCategories.sortOrder), asc(badgeCategories.id));
  return rows.map((row) => row.id);
}

/** A badge link's category as its form shows it, active or not. */
export async function findLinkCategory(db: Database, id: number) {
  const [row] = await db
    .select({
      id: badgeCategories.id,
      name: badgeCategories.name,
      displayName: badgeCategories.displayName,
      badgeType: badgeCategories.badgeType,
      isActive: badgeCategories.isActive,
    })
    .from(badgeCategories)
    .where(eq(badgeCategories.id, id));
  return row;
}

/** The event's name and dates, as a link's email reads them. */
export async function findEventForMail(db: Database, id: number) {
  const [row] = await db
    .select({ name: events.name, startDate: events.startDate, endDate: events.endDate })
    .from(events)
    .where(eq(events.id, id));
  return row!;
}

