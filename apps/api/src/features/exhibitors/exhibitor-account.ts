import { sql } from 'drizzle-orm';

/**
 * SQL true for an `admins` row that is an exhibitor account: placed in an event, under no other
 * exhibitor, and holding a role whose name says exhibitor (spec §4's rule, read by the database).
 */
export const exhibitorAccount = sql`(admins.event_id is not null and admins.exhibitor_id is null and exists (
  select 1 from admin_roles xar join roles xr on xr.id = xar.role_id
   where xar.admin_id = admins.id
     and lower(xr.name) like '%exhibitor%' and lower(xr.name) not like '%sub-account%'))`;
