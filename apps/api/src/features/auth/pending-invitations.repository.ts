import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import type { Invitee } from './invitations';

const BATCH_ROWS = 5_000;

/** Marks new accounts as owed an invitation, a batch per statement. */
export async function insertPendingInvitations(
  tx: Database,
  rows: readonly { adminId: number; exhibitorId: number | null }[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    await tx.execute(sql`insert into pending_invitations (admin_id, exhibitor_id)
      select v."adminId", v."exhibitorId"
        from jsonb_to_recordset(${JSON.stringify(rows.slice(start, start + BATCH_ROWS))}::jsonb) as v("adminId" int, "exhibitorId" int)`);
  }
}

/**
 * Takes up to `limit` owed invitations with what their mails say, oldest first, locked for this
 * transaction; another process sending at the same time skips them rather than waiting.
 */
export async function claimPendingInvitations(tx: Database, limit: number) {
  return queryRows<Invitee & { eventId: number | null }>(
    tx,
    sql`select p.admin_id as "adminId", p.exhibitor_id as "exhibitorId", a.email, a.first_name as "firstName",
               a.last_name as "lastName", c.name as "companyName", a.event_id as "eventId"
          from pending_invitations p
          join admins a on a.id = p.admin_id
          left join companies c on c.id = a.company_id
         order by p.admin_id
         limit ${limit}
           for update of p skip locked`,
  );
}

export async function deletePendingInvitations(tx: Database, adminIds: readonly number[]): Promise<void> {
  await tx.execute(sql`delete from pending_invitations where admin_id = any(${`{${adminIds.join(',')}}`}::int[])`);
}
