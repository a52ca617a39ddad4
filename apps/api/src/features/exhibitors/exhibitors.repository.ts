import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { admins } from '../../db/schema/admins';
import { companies } from '../../db/schema/companies';
import { events } from '../../db/schema/events';
import { exhibitorProfiles } from '../../db/schema/exhibitors';
import { containsPattern, fetchPage, orderBy, pageWindow, type Page } from '../../lib/listing';
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

export async function listExhibitors(db: Database, scope: Scope, query: Page & { search?: string; sort?: string; eventId?: number }) {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const where = and(
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
  const order = orderBy(
    query.sort,
    {
      companyName: sql`(select lower(c.name) from ${companies} c where c.id = admins.company_id)`,
      name: sql`lower(${admins.lastName} || ' ' || ${admins.firstName})`,
      booth: sql`(select p.booth from ${exhibitorProfiles} p where p.admin_id = admins.id)`,
      createdAt: admins.createdAt,
    },
    admins.id,
    'companyName',
  );
  const { limit, offset } = pageWindow(query);
  const pageIds = db.select({ id: admins.id }).from(admins).where(where).orderBy(...order).limit(limit).offset(offset);
  return fetchPage(
    () => joined(db).where(inArray(admins.id, pageIds)).orderBy(...order),
    async () => {
      const [row] = await db.select({ count: sql<number>`cast(count(*) as integer)` }).from(admins).where(where);
      return row?.count ?? 0;
    },
  );
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
