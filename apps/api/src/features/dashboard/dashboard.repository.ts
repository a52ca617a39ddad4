import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { admins } from '../../db/schema/admins';
import { events } from '../../db/schema/events';
import { countWhere } from '../../lib/listing';
import { exhibitorAccount } from '../exhibitors/exhibitor-account';
import { scopeEventId, type Scope } from '../auth/scope';

export async function countEvents(db: Database, scope: Scope): Promise<number> {
  const eventId = scopeEventId(scope);
  const [row] = await db
    .select({ count: sql<number>`cast(count(*) as integer)` })
    .from(events)
    .where(eventId == null ? undefined : eq(events.id, eventId));
  return row?.count ?? 0;
}

export async function countExhibitors(db: Database, scope: Scope): Promise<number> {
  const eventId = scopeEventId(scope);
  return countWhere(db, admins, and(exhibitorAccount, eventId == null ? undefined : eq(admins.eventId, eventId)));
}

export async function latestEvents(db: Database, scope: Scope, limit: number) {
  const eventId = scopeEventId(scope);
  return db
    .select({ id: events.id, name: events.name, createdAt: events.createdAt })
    .from(events)
    .where(eventId == null ? undefined : eq(events.id, eventId))
    .orderBy(desc(events.createdAt), desc(events.id))
    .limit(limit);
}
