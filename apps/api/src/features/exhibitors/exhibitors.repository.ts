import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { admins } from '../../db/schema/admins';
import { companies } from '../../db/schema/companies';
import { events } from '../../db/schema/events';
import { exhibitorProfiles } from '../../db/schema/exhibitors';
import { containsPattern, isoText, keptCount, nameOrder, orderBy, pageClause, pageWindow, type Page } from '../../lib/listing';
import type { Scope } from '../auth/scope';
import { exhibitorAccount } from './exhibitor-account';

const exhibitorColumns = {
  id: admins.id,
  eventId: sql<number>`${admins.eventId}`,
  eventName: sql<string>`${events.name}`,
  companyId: admins.companyId,
  companyName: companies.name,
  firstName: admins.firstName,
  lastName: admins.lastName,
  email: admins.email,
  phone: exhibitorProfiles.phone,
  booth: exhibitorProfiles.booth,
  hall: exhibitorProfiles.hall,
  website: exhibitorProfiles.website,
  profile: exhibitorProfiles.profile,
  isActive: admins.isActive,
  hasPassword: sql<boolean>`(${admins.passwordHash} is not null)`,
  lastLoginAt: admins.lastLoginAt,
  createdAt: admins.createdAt,
  updatedAt: admins.updatedAt,
  subAccountCount: sql<number>`(select cast(count(*) as integer) from admins sub where sub.exhibitor_id = admins.id)`,
  badgeCount: sql<number>`(select cast(count(*) as integer) from badges b where b.exhibitor_id = admins.id)`,
};

export type ExhibitorRow = NonNullable<Awaited<ReturnType<typeof findExhibitor>>>;

/** The exhibitors a scope reaches: its event's, itself, or a sub-account's own exhibitor. */
export function exhibitorScopeFilter(scope: Scope): SQL | undefined {
  switch (scope.kind) {
    case 'global':
      return undefined;
    case 'event':
      return eq(admins.eventId, scope.eventId);
    case 'exhibitor':
    case 'sub-account':
      return eq(admins.id, scope.exhibitorId);
  }
}

function joined(db: Database) {
  return db
    .select(exhibitorColumns)
    .from(admins)
    .innerJoin(events, eq(events.id, admins.eventId))
    .leftJoin(companies, eq(companies.id, admins.companyId))
    .leftJoin(exhibitorProfiles, eq(exhibitorProfiles.adminId, admins.id));
}

/**
 * A page's exhibitors as their list items, written by PostgreSQL as JSON in the shape the API sends
 * (`Exhibitor`), so that the page goes out as the database wrote it.
 */
const LIST_ITEM_JSON = sql.raw(`json_build_object(
    'id', admins.id, 'eventId', admins.event_id, 'eventName', e.name, 'companyId', admins.company_id, 'companyName', c.name,
    'firstName', admins.first_name, 'lastName', admins.last_name, 'name', admins.first_name || ' ' || admins.last_name,
    'email', admins.email, 'phone', p.phone, 'booth', p.booth, 'hall', p.hall, 'website', p.website, 'profile', p.profile,
    'isActive', admins.is_active, 'hasPassword', admins.password_hash is not null,
    'subAccountCount', (select count(*) from admins sub where sub.exhibitor_id = admins.id),
    'badgeCount', (select count(*) from badges b where b.exhibitor_id = admins.id),
    'lastLoginAt', ${isoText('admins.last_login_at')}, 'createdAt', ${isoText('admins.created_at')},
    'updatedAt', ${isoText('admins.updated_at')})`);

/** The company and profile of `admins`, as `c` and `p`: the list items and the sorts read them. */
const PROFILE_JOINS = sql.raw(`left join companies c on c.id = admins.company_id
    left join exhibitor_profiles p on p.admin_id = admins.id`);

/**
 * One page of exhibitors as the JSON array of their list items, with the total in the same
 * statement: the page's ids first, then only their rows read and written out. A count of the same
 * filter is reused while nothing the filter reads has been written since (exhibitor_changes).
 */
export type ExhibitorFilter = { search?: string; sort?: string; eventId?: number };

/** The exhibitors of a scope that a list's filter keeps. */
function exhibitorWhere(scope: Scope, query: ExhibitorFilter): SQL | undefined {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  return and(
    exhibitorAccount,
    exhibitorScopeFilter(scope),
    query.eventId ? eq(admins.eventId, query.eventId) : undefined,
    pattern
      ? or(
          sql`(${admins.firstName} || ' ' || ${admins.lastName} || ' ' || ${admins.email}) ilike ${pattern}`,
          sql`exists (select 1 from ${companies} c where c.id = admins.company_id and c.name ilike ${pattern})`,
          sql`exists (select 1 from ${exhibitorProfiles} p where p.admin_id = admins.id and p.booth ilike ${pattern})`,
        )
      : undefined,
  );
}

/** The list's order, over `admins` joined with PROFILE_JOINS. */
function exhibitorOrder(sort: string | undefined): SQL {
  return sql.join(
    orderBy(
      sort,
      {
        companyName: nameOrder(sql`c.name`),
        name: nameOrder(sql`(${admins.lastName} || ' ' || ${admins.firstName})`),
        booth: sql`p.booth`,
        createdAt: admins.createdAt,
      },
      admins.id,
      'companyName',
    ),
    sql`, `,
  );
}

/**
 * One page of exhibitors as the JSON array of their list items, with the total in the same
 * statement: the page's ids first, then only their rows read and written out. A count of the same
 * filter is reused while nothing the filter reads has been written since (exhibitor_changes).
 */
export async function listExhibitors(
  db: Database,
  scope: Scope,
  query: Page & ExhibitorFilter,
): Promise<{ items: string; total: number; estimated: boolean }> {
  const where = exhibitorWhere(scope, query);
  const order = exhibitorOrder(query.sort);
  const { limit, offset } = pageWindow(query);
  const counted = keptCount(db, admins, where, 'exhibitor_changes');
  const [row] = await queryRows<{ items: string; cappedTotal: number | null; changes: string }>(
    db,
    sql`select cast(coalesce(json_agg(${LIST_ITEM_JSON} order by ${order}), '[]') as text) as items,
          ${counted.columns}
        from (select admins.id from admins ${PROFILE_JOINS} where ${where} order by ${order} ${pageClause(limit, offset)}) page
        join admins on admins.id = page.id
        join events e on e.id = admins.event_id
        ${PROFILE_JOINS}`,
  );
  return { items: row!.items, ...(await counted.total(row!)) };
}

/** The ids of every exhibitor the list's filter keeps, in the list's order: an export's rows. */
export async function exhibitorIds(db: Database, scope: Scope, filter: ExhibitorFilter): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select admins.id from admins ${PROFILE_JOINS} where ${exhibitorWhere(scope, filter)} order by ${exhibitorOrder(filter.sort)}`,
  );
  return rows.map((row) => row.id);
}

export async function exhibitorsByIds(db: Database, ids: number[]) {
  return joined(db).where(inArray(admins.id, ids));
}

export async function findExhibitor(db: Database, id: number, scope: Scope) {
  const [row] = await joined(db).where(and(eq(admins.id, id), exhibitorAccount, exhibitorScopeFilter(scope)));
  return row;
}

export type ProfileValues = { booth?: string | null; hall?: string | null; phone?: string | null; website?: string | null; profile?: string | null };

export async function upsertProfile(db: Database, adminId: number, values: ProfileValues) {
  await db
    .insert(exhibitorProfiles)
    .values({ adminId, ...values })
    .onConflictDoUpdate({ target: exhibitorProfiles.adminId, set: { ...values, updatedAt: sql`now()` } });
}
