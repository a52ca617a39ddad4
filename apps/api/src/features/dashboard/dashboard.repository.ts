import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { adminRoles, admins } from '../../db/schema/admins';
import { events } from '../../db/schema/events';
import { roles } from '../../db/schema/roles';
import { scopeEventId, type Scope } from '../auth/scope';

export async function countEvents(db: Database, scope: Scope): Promise<number> {
  const eventId = scopeEventId(scope);
  const [row] = await db
    .select({ count: sql<number>`cast(count(*) as integer)` })
    .from(events)
    .where(eventId == null ? undefined : eq(events.id, eventId));
  return row?.count ?? 0;
}

/** Exhibitor accounts: holders of a role named like 'exhibitor' (not a sub-account) at an event. */
export async function countExhibitors(db: Database, scope: Scope): Promise<number> {
  const eventId = scopeEventId(scope);
  const [row] = await db
    .select({ count: sql<number>`cast(count(distinct admins.id) as integer)` })
    .from(admins)
    .innerJoin(adminRoles, eq(adminRoles.adminId, admins.id))
    .innerJoin(roles, eq(roles.id, adminRoles.roleId))
    .where(
      and(
        isNotNull(admins.eventId),
        sql`lower(${roles.name}) like '%exhibitor%' and lower(${roles.name}) not like '%sub-account%'`,
        eventId == null ? undefined : eq(admins.eventId, eventId),
      ),
    );
  return row?.count ?? 0;
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
