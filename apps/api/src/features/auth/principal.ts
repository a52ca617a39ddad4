import type { SessionAdmin } from '@portal/shared/auth';
import { normalizePermission, type Permission } from '@portal/shared/permissions';
import { deriveUserType, type UserType } from '@portal/shared/user-types';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';

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
};

type PrincipalRow = {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string | null;
  is_active: boolean;
  event_id: number | null;
  event_name: string | null;
  event_start_date: string | null;
  event_end_date: string | null;
  event_venue: string | null;
  event_city: string | null;
  event_country: string | null;
  exhibitor_id: number | null;
  company_id: number | null;
  company_name: string | null;
  roles: { id: number; name: string }[];
  permissions: string[];
};

function selectPrincipal(where: SQL) {
  return sql`
    select a.id, a.email, a.first_name, a.last_name, a.password_hash, a.is_active,
           a.event_id, e.name as event_name, e.start_date::text as event_start_date,
           e.end_date::text as event_end_date, e.venue as event_venue, e.city as event_city,
           e.country as event_country, a.exhibitor_id, a.company_id, c.name as company_name,
           coalesce((select json_agg(json_build_object('id', r.id, 'name', r.name) order by r.id)
                       from admin_roles ar join roles r on r.id = ar.role_id
                      where ar.admin_id = a.id), '[]'::json) as roles,
           coalesce((select array_agg(distinct p.name order by p.name)
                       from admin_roles ar
                       join role_permissions rp on rp.role_id = ar.role_id
                       join permissions p on p.id = rp.permission_id
                      where ar.admin_id = a.id), '{}'::text[]) as permissions
      from admins a
      left join events e on e.id = a.event_id
      left join companies c on c.id = a.company_id
     where ${where}`;
}

function toPrincipal(row: PrincipalRow): Principal {
  const permissions = new Set(
    row.permissions.map(normalizePermission).filter((p): p is Permission => p !== null),
  );
  const identity = {
    roles: row.roles,
    permissions: [...permissions],
    eventId: row.event_id,
    exhibitorId: row.exhibitor_id,
  };
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    roles: row.roles,
    permissions,
    eventId: row.event_id,
    event:
      row.event_id != null
        ? {
            id: row.event_id,
            name: row.event_name ?? '',
            startDate: row.event_start_date,
            endDate: row.event_end_date,
            venue: row.event_venue,
            city: row.event_city,
            country: row.event_country,
          }
        : null,
    exhibitorId: row.exhibitor_id,
    companyId: row.company_id,
    companyName: row.company_name,
    type: deriveUserType(identity),
  };
}

/** An active admin by id, as a principal; null when unknown or deactivated. */
export async function loadPrincipal(db: Database, adminId: number): Promise<Principal | null> {
  const [row] = await queryRows<PrincipalRow>(db, selectPrincipal(sql`a.id = ${adminId}`));
  return row && row.is_active ? toPrincipal(row) : null;
}

/** The admin with this email, with its password hash, for sign-in; inactive ones included. */
export async function findLoginCandidate(
  db: Database,
  email: string,
): Promise<{ principal: Principal; passwordHash: string | null; isActive: boolean } | null> {
  const [row] = await queryRows<PrincipalRow>(db, selectPrincipal(sql`a.email = ${email.toLowerCase()}`));
  return row ? { principal: toPrincipal(row), passwordHash: row.password_hash, isActive: row.is_active } : null;
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
  };
}
