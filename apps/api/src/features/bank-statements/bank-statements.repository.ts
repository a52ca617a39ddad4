import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { admins } from '../../db/schema/admins';
import { allocationPurchases } from '../../db/schema/allocation-purchases';
import { bankStatementLines } from '../../db/schema/bank-statements';
import { companies } from '../../db/schema/companies';
import type { Candidate } from './bank-statements.rules';

/** The event's purchases that have an invoice, in the caller's scope, with every number each invoice had. */
export async function invoicedPurchases(db: Database, eventId: number, scopeFilter: SQL | undefined): Promise<Candidate[]> {
  return db
    .select({
      id: allocationPurchases.id,
      status: allocationPurchases.status,
      amountToPay: sql<number>`coalesce(${allocationPurchases.amountToPayCents}, 0)`,
      currency: allocationPurchases.currency,
      invoiceNumber: sql<string>`${allocationPurchases.invoiceNumber}`,
      invoiceNumbers: sql<string[]>`array(select i.number from invoices i where i.allocation_purchase_id = ${allocationPurchases.id} order by i.id)`,
      companyName: companies.name,
    })
    .from(allocationPurchases)
    .innerJoin(admins, eq(admins.id, allocationPurchases.exhibitorId))
    .leftJoin(companies, eq(companies.id, admins.companyId))
    .where(and(eq(allocationPurchases.eventId, eventId), isNotNull(allocationPurchases.invoiceNumber), scopeFilter));
}

/** Which of these line keys the event has recorded, with the invoice each paid. */
export async function recordedLines(db: Database, eventId: number, keys: string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: bankStatementLines.lineKey, invoiceNumber: allocationPurchases.invoiceNumber })
    .from(bankStatementLines)
    .innerJoin(allocationPurchases, eq(allocationPurchases.id, bankStatementLines.allocationPurchaseId))
    .where(and(eq(bankStatementLines.eventId, eventId), inArray(bankStatementLines.lineKey, keys)));
  return new Map(rows.map((row) => [row.key, row.invoiceNumber ?? 'of another purchase']));
}

export async function insertLine(db: Database, values: typeof bankStatementLines.$inferInsert): Promise<void> {
  await db.insert(bankStatementLines).values(values);
}
