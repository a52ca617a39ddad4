import { sql } from 'drizzle-orm';

/**
 * SQL true for an `admins` row that is an exhibitor account: placed in an event, under no other
 * exhibitor, and holding a role whose name says exhibitor (spec §4's rule, read by the database).
 * `strpos`, not LIKE: a statement with a pattern match is planned on every call (db/client).
 */
export const exhibitorAccount = sql`(admins.event_id is not null and admins.exhibitor_id is null and exists (
  select 1 from admin_roles xar join roles xr on xr.id = xar.role_id
   where xar.admin_id = admins.id
     and strpos(lower(xr.name), 'exhibitor') > 0 and strpos(lower(xr.name), 'sub-account') = 0))`;
