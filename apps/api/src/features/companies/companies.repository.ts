import { and, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { admins } from '../../db/schema/admins';
import { companies } from '../../db/schema/companies';
import { containsPattern, countWhere, fetchPage, nameOrder, orderBy, pageWindow, type Page } from '../../lib/listing';
import { scopeEventId, type Scope } from '../auth/scope';

const companyColumns = {
  id: companies.id,
  name: companies.name,
  country: companies.country,
  website: companies.website,
  vatNumber: companies.vatNumber,
  address: companies.address,
  eventId: companies.eventId,
  createdAt: companies.createdAt,
  updatedAt: companies.updatedAt,
  adminCount: sql<number>`(select cast(count(*) as integer) from ${admins} a where a.company_id = companies.id)`,
};

export type CompanyRow = NonNullable<Awaited<ReturnType<typeof findCompany>>>;

/**
 * A scoped actor sees the companies of its event: created for it, or exhibiting at it. Which
 * companies take part in other events is theirs to know.
 */
export function companyScopeFilter(scope: Scope): SQL | undefined {
  const eventId = scopeEventId(scope);
  if (eventId == null) return undefined;
  return or(
    eq(companies.eventId, eventId),
    sql`exists (select 1 from ${admins} a where a.company_id = companies.id and a.event_id = ${eventId})`,
  );
}

export async function listCompanies(
  db: Database,
  scope: Scope,
  query: Page & { search?: string; sort?: string; eventId?: number },
) {
  const where = and(
    companyScopeFilter(scope),
    query.search ? ilike(companies.name, containsPattern(query.search)) : undefined,
    query.eventId
      ? or(
          eq(companies.eventId, query.eventId),
          sql`exists (select 1 from ${admins} a where a.company_id = companies.id and a.event_id = ${query.eventId})`,
        )
      : undefined,
  );
  const order = orderBy(query.sort, { name: nameOrder(companies.name), createdAt: companies.createdAt }, companies.id, 'name');
  const { limit, offset } = pageWindow(query);
  // Deferred join, as for admins: the account count runs for the page's rows only.
  const pageIds = db.select({ id: companies.id }).from(companies).where(where).orderBy(...order).limit(limit).offset(offset);
  return fetchPage(
    () => db.select(companyColumns).from(companies).where(inArray(companies.id, pageIds)).orderBy(...order),
    () => countWhere(db, companies, where),
  );
}

export async function findCompany(db: Database, id: number, scope: Scope) {
  const [row] = await db
    .select(companyColumns)
    .from(companies)
    .where(and(eq(companies.id, id), companyScopeFilter(scope)));
  return row;
}

export type CompanyValues = {
  name: string;
  country: string | null;
  website: string | null;
  vatNumber: string | null;
  address: string | null;
  eventId: number | null;
};

export async function insertCompany(db: Database, values: CompanyValues): Promise<number> {
  const [row] = await db.insert(companies).values(values).returning({ id: companies.id });
  return row!.id;
}

export async function updateCompany(db: Database, id: number, values: Partial<CompanyValues>) {
  await db
    .update(companies)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(companies.id, id));
}

export async function deleteCompany(db: Database, id: number) {
  await db.delete(companies).where(eq(companies.id, id));
}
