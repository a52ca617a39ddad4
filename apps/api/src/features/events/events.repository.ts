import { and, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { admins } from '../../db/schema/admins';
import { allocationPurchases } from '../../db/schema/allocation-purchases';
import { badgeCategories } from '../../db/schema/badges';
import { events } from '../../db/schema/events';
import { containsPattern, countWhere, fetchPage, nameOrder, orderBy, pageWindow, type Page } from '../../lib/listing';
import { scopeEventId, type Scope } from '../auth/scope';
import { exhibitorAccount } from '../exhibitors/exhibitor-account';

const eventBaseColumns = {
  id: events.id,
  name: events.name,
  slug: events.slug,
  description: events.description,
  startDate: events.startDate,
  endDate: events.endDate,
  venue: events.venue,
  city: events.city,
  country: events.country,
  timezone: events.timezone,
  currency: events.currency,
  accountingEmail: events.accountingEmail,
  status: events.status,
  createdAt: events.createdAt,
  updatedAt: events.updatedAt,
};

const eventColumns = {
  ...eventBaseColumns,
  exhibitorCount: sql<number>`(select cast(count(*) as integer) from ${admins} where admins.event_id = events.id and ${exhibitorAccount})`,
  badgeCount: sql<number>`(select cast(count(*) as integer) from badges b where b.event_id = events.id)`,
};

export type EventRow = NonNullable<Awaited<ReturnType<typeof findEvent>>>;

export function eventScopeFilter(scope: Scope): SQL | undefined {
  const eventId = scopeEventId(scope);
  return eventId == null ? undefined : eq(events.id, eventId);
}

export async function listEvents(db: Database, scope: Scope, query: Page & { search?: string; sort?: string; status?: string }) {
  const where = and(
    eventScopeFilter(scope),
    query.search ? ilike(events.name, containsPattern(query.search)) : undefined,
    query.status ? eq(events.status, query.status as 'draft') : undefined,
  );
  const order = orderBy(
    query.sort,
    { name: nameOrder(events.name), startDate: events.startDate, createdAt: events.createdAt },
    events.id,
    '-createdAt',
  );
  const { limit, offset } = pageWindow(query);
  const pageIds = db.select({ id: events.id }).from(events).where(where).orderBy(...order).limit(limit).offset(offset);
  return fetchPage(
    () => db.select(eventColumns).from(events).where(inArray(events.id, pageIds)).orderBy(...order),
    () => countWhere(db, events, where),
  );
}

export async function findEvent(db: Database, id: number, scope: Scope) {
  const [row] = await db
    .select(eventColumns)
    .from(events)
    .where(and(eq(events.id, id), eventScopeFilter(scope)));
  return row;
}

/** The event without its counts: for checking that an event is within reach before working in it. */
export async function findEventInScope(db: Database, id: number, scope: Scope) {
  const [row] = await db
    .select(eventBaseColumns)
    .from(events)
    .where(and(eq(events.id, id), eventScopeFilter(scope)));
  return row;
}

export type EventValues = typeof events.$inferInsert;

export async function insertEvent(db: Database, values: EventValues): Promise<number> {
  const [row] = await db.insert(events).values(values).returning({ id: events.id });
  return row!.id;
}

export async function updateEvent(db: Database, id: number, values: Partial<EventValues>) {
  await db
    .update(events)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(events.id, id));
}

export async function slugTaken(db: Database, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.slug, slug), exceptId ? ne(events.id, exceptId) : undefined));
  return Boolean(row);
}

/** Whether the event has a price set or a purchase: its currency gives those numbers their meaning. */
export async function holdsMoney(db: Database, id: number): Promise<boolean> {
  const [row] = await queryRows<{ holds: boolean }>(
    db,
    sql`select exists (select 1 from ${badgeCategories} where ${badgeCategories.eventId} = ${id} and ${badgeCategories.unitPriceCents} > 0)
        or exists (select 1 from ${allocationPurchases} where ${allocationPurchases.eventId} = ${id}) as holds`,
  );
  return row!.holds;
}

/** The slugs beginning with `base`, to pick the first free `base-N`. */
export async function slugsLike(db: Database, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: events.slug })
    .from(events)
    .where(sql`${events.slug} = ${base} or ${events.slug} like ${`${base}-%`}`);
  return rows.map((row) => row.slug);
}

/** Removes an event with every account placed in it; callers check first that it may go. */
export async function deleteEventCascade(db: Database, id: number) {
  await db.delete(admins).where(and(eq(admins.eventId, id), sql`${admins.exhibitorId} is not null`));
  await db.delete(admins).where(eq(admins.eventId, id));
  await db.delete(events).where(eq(events.id, id));
}
