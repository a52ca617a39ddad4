import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { countWhere, fetchPage, pageWindow } from '../../lib/listing';
import type { Database } from '../../db/client';
import { events } from '../../db/schema/events';
import { registrationLinks } from '../../db/schema/registration-links';

export type LinkRow = typeof registrationLinks.$inferSelect;

export async function insertLink(db: Database, values: typeof registrationLinks.$inferInsert): Promise<LinkRow> {
  const [row] = await db.insert(registrationLinks).values(values).returning();
  return row!;
}

export async function findLinkWithEvent(db: Database, id: string) {
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
    .where(and(eq(registrationLinks.id, id), isNull(registrationLinks.revokedAt)));
  return row;
}

/**
 * Counts one use, only while the link is open: the condition and the increment are one statement,
 * so concurrent registrations can never pass the maximum. Null when the link cannot be used.
 */
export async function takeLinkUse(db: Database, id: string): Promise<LinkRow | null> {
  const [row] = await db
    .update(registrationLinks)
    .set({ uses: sql`${registrationLinks.uses} + 1` })
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

export type LinkFilter = { eventId?: number; kind?: 'exhibitor' | 'badge'; page: number; per_page: number };

/** Links of the events a scope reaches (`eventId` null: every event), newest first. */
export async function listLinks(db: Database, scopeEventId: number | null, query: LinkFilter) {
  const where = and(
    scopeEventId == null ? undefined : eq(registrationLinks.eventId, scopeEventId),
    query.eventId ? eq(registrationLinks.eventId, query.eventId) : undefined,
    query.kind ? eq(registrationLinks.kind, query.kind) : undefined,
  );
  const { limit, offset } = pageWindow(query);
  return fetchPage(
    () => db.select().from(registrationLinks).where(where).orderBy(desc(registrationLinks.createdAt), desc(registrationLinks.id)).limit(limit).offset(offset),
    () => countWhere(db, registrationLinks, where),
  );
}

export async function findLink(db: Database, id: string, scopeEventId: number | null) {
  const [row] = await db
    .select()
    .from(registrationLinks)
    .where(and(eq(registrationLinks.id, id), scopeEventId == null ? undefined : eq(registrationLinks.eventId, scopeEventId)));
  return row;
}

export async function revokeLink(db: Database, id: string) {
  await db.update(registrationLinks).set({ revokedAt: sql`now()` }).where(and(eq(registrationLinks.id, id), isNull(registrationLinks.revokedAt)));
}
