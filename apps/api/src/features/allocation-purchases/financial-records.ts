import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { ConflictError, isForeignKeyViolation } from '../../lib/errors';

/**
 * Financial records (purchases, payment attempts, refunds, invoices, credit notes) outlive the
 * accounts and events they name (DESIGN §3): the foreign keys refuse the delete (ON DELETE
 * RESTRICT), and the services look first so that the refusal says what to do instead.
 */
export type FinancialRecords = { purchases: number; documents: number };

function counted(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function describe(records: FinancialRecords): string {
  const purchases = counted(records.purchases, 'purchase', 'purchases');
  if (records.documents === 0) return purchases;
  return `${purchases} and ${counted(records.documents, 'invoice or credit note', 'invoices or credit notes')}`;
}

const holdsFinancialRecords = (records: FinancialRecords) => records.purchases > 0 || records.documents > 0;

/**
 * The purchases that name any of these accounts or their sub-accounts (which a delete takes with
 * them) as exhibitor, requester or decider, or through a payment or refund one recorded; and the
 * invoices and credit notes issued for those purchases.
 */
async function findFinancialRecordsOfAccounts(db: Database, adminIds: readonly number[]): Promise<FinancialRecords> {
  const ids = sql`${`{${adminIds.join(',')}}`}::int[]`;
  const [row] = await queryRows<FinancialRecords>(
    db,
    sql`
    with accounts as (
      select id from admins where id = any(${ids}) or exhibitor_id = any(${ids})
    ), named as (
      select p.id from allocation_purchases p
       where p.exhibitor_id in (select id from accounts)
          or p.requested_by_admin_id in (select id from accounts)
          or p.decided_by_admin_id in (select id from accounts)
      union
      select a.allocation_purchase_id from payment_attempts a where a.created_by_admin_id in (select id from accounts)
      union
      select r.allocation_purchase_id from payment_refunds r where r.created_by_admin_id in (select id from accounts)
    )
    select cast((select count(*) from named) as integer) as purchases,
           cast((select count(*) from invoices i where i.allocation_purchase_id in (select id from named))
              + (select count(*) from credit_notes c where c.allocation_purchase_id in (select id from named)) as integer) as documents`,
  );
  return row!;
}

async function findFinancialRecordsOfEvent(db: Database, eventId: number): Promise<FinancialRecords> {
  const [row] = await queryRows<FinancialRecords>(
    db,
    sql`
    select cast((select count(*) from allocation_purchases where event_id = ${eventId}) as integer) as purchases,
           cast((select count(*) from invoices where event_id = ${eventId})
              + (select count(*) from credit_notes where event_id = ${eventId}) as integer) as documents`,
  );
  return row!;
}

function accountKeepsRecords(subject: string, records: FinancialRecords): ConflictError {
  return new ConflictError(
    `${subject} is named on ${describe(records)}. Financial records are kept, so it cannot be deleted. ` +
      'Deactivate it instead, or anonymise it to remove its personal data: its invoices keep the copy made when they were issued.',
  );
}

function eventKeepsRecords(records: FinancialRecords, archived: boolean): ConflictError {
  const instead = archived ? 'it stays archived' : 'archive it instead';
  return new ConflictError(
    `This event has ${describe(records)}. Financial records are kept, so it cannot be deleted: ${instead}.`,
  );
}

/**
 * Looks, then runs the delete; a record written since the look makes the foreign key refuse the
 * delete, and that answers the same 409 instead of a 500.
 */
async function deleteUnlessRecords<T>(look: () => Promise<ConflictError | null>, remove: () => Promise<T>): Promise<T> {
  const refusal = await look();
  if (refusal) throw refusal;
  try {
    return await remove();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw (await look()) ?? error;
    throw error;
  }
}

/**
 * Deletes accounts with their sub-accounts (`remove`) unless a financial record names one of
 * them. `subject` opens the refusal: "This sub-account", "This exhibitor", "This account".
 */
export function deleteAccountsUnlessRecords<T>(
  db: Database,
  refused: { adminIds: readonly number[]; subject: string },
  remove: () => Promise<T>,
): Promise<T> {
  return deleteUnlessRecords(async () => {
    const records = await findFinancialRecordsOfAccounts(db, refused.adminIds);
    return holdsFinancialRecords(records) ? accountKeepsRecords(refused.subject, records) : null;
  }, remove);
}

/** Deletes an event (`remove`) unless it has financial records. */
export function deleteEventUnlessRecords<T>(
  db: Database,
  event: { id: number; status: string },
  remove: () => Promise<T>,
): Promise<T> {
  return deleteUnlessRecords(async () => {
    const records = await findFinancialRecordsOfEvent(db, event.id);
    return holdsFinancialRecords(records) ? eventKeepsRecords(records, event.status === 'archived') : null;
  }, remove);
}
