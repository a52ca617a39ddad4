import type { SessionAdmin } from '@portal/shared/auth';
import { normalizePermission, type Permission } from '@portal/shared/permissions';
import { deriveUserType, type UserType } from '@portal/shared/user-types';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { admins } from '../../db/schema/admins';
import { companies } from '../../db/schema/companies';
import { events } from '../../db/schema/events';

/** The signed-in admin as every service sees it: identity, permissions and derived type. */
export type Principal = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  roles: { id: number; name: string }[];
  permissions: ReadonlySet<Permission>;
  eventId: number | null;
  event: SessionAdmin['event'];
  exhibitorId: number | null;
  companyId: number | null;
  companyName: string | null;
  type: UserType;
  createdAt: Date;
  /** The API token the request came with (its creator acting with the token's permissions); absent for a session. */
  apiTokenId?: number;
};

function principalQuery(db: Database) {
  return db
    .select({
      id: admins.id,
      email: admins.email,
      firstName: admins.firstName,
      lastName: admins.lastName,
      passwordHash: admins.passwordHash,
      isActive: admins.isActive,
      eventId: admins.eventId,
      eventName: events.name,
      eventStartDate: events.startDate,
      eventEndDate: events.endDate,
      eventVenue: events.venue,
      eventCity: events.city,
      eventCountry: events.country,
      eventTimezone: events.timezone,
      exhibitorId: admins.exhibitorId,
      companyId: admins.companyId,
      companyName: companies.name,
      createdAt: admins.createdAt,
      roles: sql<{ id: number; name: string }[]>`coalesce((
        select json_agg(json_build_object('id', r.id, 'name', r.name) order by r.id)
          from admin_roles ar join roles r on r.id = ar.role_id where ar.admin_id = "admins"."id"), '[]'::json)`,
      // JSON rather than an array: the driver parses it natively, where a text[] is parsed by hand on every request.
      permissions: sql<string[]>`coalesce((
        select json_agg(p.name) from admin_roles ar
          join role_permissions rp on rp.role_id = ar.role_id
          join permissions p on p.id = rp.permission_id
         where ar.admin_id = "admins"."id"), '[]'::json)`,
    })
    .from(admins)
    .leftJoin(events, eq(events.id, admins.eventId))
    .leftJoin(companies, eq(companies.id, admins.companyId));
}

type PrincipalRow = Awaited<ReturnType<typeof principalQuery>>[number];

/**
 * Every authenticated request loads its principal, so the query is prepared once per database
 * handle: PostgreSQL then plans it once per connection instead of on every request.
 */
const preparedById = new WeakMap<Database, ReturnType<typeof prepareById>>();
const preparedBySession = new WeakMap<Database, ReturnType<typeof prepareBySession>>();

function prepareById(db: Database) {
  return principalQuery(db)
    .where(eq(admins.id, sql.placeholder('id')))
    .prepare('load_principal');
}

/**
 * The same query for a request's access token: the account must still have the token's session
 * open (a refresh-token family not revoked by logout, reuse detection, a password change or a
 * deactivation), so ending a session ends its access tokens on their next request.
 */
function prepareBySession(db: Database) {
  return principalQuery(db)
    .where(
      and(
        eq(admins.id, sql.placeholder('id')),
        sql`exists (select 1 from refresh_tokens rt
                     where rt.family_id = ${sql.placeholder('sessionId')}
                       and rt.admin_id = "admins"."id"
                       and rt.revoked_at is null
                       and rt.expires_at > now())`,
      ),
    )
    .prepare('load_session_principal');
}

function toPrincipal(row: PrincipalRow): Principal {
  const permissions = new Set(row.permissions.map(normalizePermission).filter((p): p is Permission => p !== null));
  const identity = { roles: row.roles, permissions: [...permissions], eventId: row.eventId, exhibitorId: row.exhibitorId };
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    roles: row.roles,
    permissions,
    eventId: row.eventId,
    event:
      row.eventId != null
        ? {
            id: row.eventId,
            name: row.eventName ?? '',
            startDate: row.eventStartDate,
            endDate: row.eventEndDate,
            venue: row.eventVenue,
            city: row.eventCity,
            country: row.eventCountry,
            timezone: row.eventTimezone ?? 'UTC',
          }
        : null,
    exhibitorId: row.exhibitorId,
    companyId: row.companyId,
    companyName: row.companyName,
    type: deriveUserType(identity),
    createdAt: row.createdAt,
  };
}

/** An active admin by id, as a principal; null when unknown or deactivated. */
export async function loadPrincipal(db: Database, adminId: number): Promise<Principal | null> {
  let prepared = preparedById.get(db);
  if (!prepared) {
    prepared = prepareById(db);
    preparedById.set(db, prepared);
  }
  const [row] = await prepared.execute({ id: adminId });
  return row && row.isActive ? toPrincipal(row) : null;
}

/** The active admin an access token speaks for, as a principal; null when its session has ended. */
export async function loadSessionPrincipal(db: Database, adminId: number, sessionId: string): Promise<Principal | null> {
  let prepared = preparedBySession.get(db);
  if (!prepared) {
    prepared = prepareBySession(db);
    preparedBySession.set(db, prepared);
  }
  const [row] = await prepared.execute({ id: adminId, sessionId });
  return row && row.isActive ? toPrincipal(row) : null;
}

/** The admin with this email, with its password hash, for sign-in; inactive ones included. */
export async function findLoginCandidate(
  db: Database,
  email: string,
): Promise<{ principal: Principal; passwordHash: string | null; isActive: boolean } | null> {
  const [row] = await principalQuery(db).where(eq(admins.email, email.toLowerCase()));
  return row ? { principal: toPrincipal(row), passwordHash: row.passwordHash, isActive: row.isActive } : null;
}

export function toSessionAdmin(principal: Principal): SessionAdmin {
  return {
    id: principal.id,
    email: principal.email,
    firstName: principal.firstName,
    lastName: principal.lastName,
    name: `${principal.firstName} ${principal.lastName}`,
    roles: principal.roles,
    permissions: [...principal.permissions].sort(),
    eventId: principal.eventId,
    event: principal.event,
    exhibitorId: principal.exhibitorId,
    companyId: principal.companyId,
    companyName: principal.companyName,
    type: principal.type,
    createdAt: principal.createdAt.toISOString(),
  };
}
