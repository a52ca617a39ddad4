import { and, asc, count, eq, gt, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { allocationPurchases } from '../../db/schema/allocation-purchases';
import { events } from '../../db/schema/events';
import { files } from '../../db/schema/files';
import { creditNotes, eventInvoicing, invoices, type DocumentSnapshot } from '../../db/schema/invoices';
import type { FileRow } from '../files/files.repository';

export type InvoiceRow = typeof invoices.$inferSelect;
export type CreditNoteRow = typeof creditNotes.$inferSelect & { invoiceNumber: string };

export async function insertInvoice(
  db: Database,
  values: {
    eventId: number;
    allocationPurchaseId: number;
    series: string;
    sequence: number;
    number: string;
    snapshot: DocumentSnapshot;
    issuedAt: Date;
  },
): Promise<InvoiceRow> {
  const [row] = await db.insert(invoices).values(values).returning();
  return row!;
}

export async function insertCreditNote(db: Database, values: typeof creditNotes.$inferInsert): Promise<number> {
  const [row] = await db.insert(creditNotes).values(values).returning({ id: creditNotes.id });
  return row!.id;
}

export async function findInvoiceByNumber(
  db: Database,
  eventId: number,
  number: string,
): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.eventId, eventId), eq(invoices.number, number)));
  return row;
}

const creditNoteColumns = {
  id: creditNotes.id,
  eventId: creditNotes.eventId,
  allocationPurchaseId: creditNotes.allocationPurchaseId,
  invoiceId: creditNotes.invoiceId,
  kind: creditNotes.kind,
  series: creditNotes.series,
  sequence: creditNotes.sequence,
  number: creditNotes.number,
  amountCents: creditNotes.amountCents,
  reason: creditNotes.reason,
  snapshot: creditNotes.snapshot,
  issuedAt: creditNotes.issuedAt,
  invoiceNumber: invoices.number,
};

function creditNotesJoined(db: Database) {
  return db.select(creditNoteColumns).from(creditNotes).innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId));
}

export async function creditNotesOfPurchases(db: Database, purchaseIds: number[]): Promise<CreditNoteRow[]> {
  if (purchaseIds.length === 0) return [];
  return creditNotesJoined(db)
    .where(inArray(creditNotes.allocationPurchaseId, purchaseIds))
    .orderBy(asc(creditNotes.sequence));
}

/** The credit notes taken against one invoice (callers hold the purchase's lock, so none is added meanwhile). */
export async function creditNotesOfInvoice(db: Database, invoiceId: number) {
  return db
    .select({ invoiceId: creditNotes.invoiceId, amountCents: creditNotes.amountCents, snapshot: creditNotes.snapshot })
    .from(creditNotes)
    .where(eq(creditNotes.invoiceId, invoiceId));
}

export async function invoicesOfPurchases(db: Database, purchaseIds: number[]): Promise<InvoiceRow[]> {
  if (purchaseIds.length === 0) return [];
  return db
    .select()
    .from(invoices)
    .where(inArray(invoices.allocationPurchaseId, purchaseIds))
    .orderBy(asc(invoices.sequence));
}

/** An invoice by id with whether its purchase is paid, and when (read live), for drawing it outside any request. */
/** What an invoice's document reads live of its purchase's payment (`paymentOf`). */
export const paymentColumns = {
  isPaid: allocationPurchases.isPaid,
  paidAt: allocationPurchases.paidAt,
  paymentReference: allocationPurchases.paymentReference,
};

export async function findInvoiceWithPayment(db: Database, id: number) {
  const [row] = await db
    .select({ invoice: invoices, ...paymentColumns })
    .from(invoices)
    .leftJoin(allocationPurchases, eq(allocationPurchases.id, invoices.allocationPurchaseId))
    .where(eq(invoices.id, id));
  return row;
}

/** A credit note the scope reaches through its purchase (organisers of its event reach it always). */
export async function findCreditNote(db: Database, id: number, purchaseScope: SQL | undefined, eventId: number | null) {
  const [row] = await creditNotesJoined(db)
    .leftJoin(allocationPurchases, eq(allocationPurchases.id, creditNotes.allocationPurchaseId))
    .where(and(eq(creditNotes.id, id), eventId == null ? undefined : eq(creditNotes.eventId, eventId), purchaseScope));
  return row;
}

/** Every invoice and credit note of an event a scope reaches, with whether each invoice's purchase is paid. */
export async function eventDocuments(db: Database, eventId: number, purchaseScope: SQL | undefined) {
  const [invoiceRows, creditNoteRows] = await Promise.all([
    db
      .select({ invoice: invoices, ...paymentColumns })
      .from(invoices)
      .leftJoin(allocationPurchases, eq(allocationPurchases.id, invoices.allocationPurchaseId))
      .where(and(eq(invoices.eventId, eventId), purchaseScope))
      .orderBy(asc(invoices.sequence)),
    creditNotesJoined(db)
      .leftJoin(allocationPurchases, eq(allocationPurchases.id, creditNotes.allocationPurchaseId))
      .where(and(eq(creditNotes.eventId, eventId), purchaseScope))
      .orderBy(asc(creditNotes.sequence)),
  ]);
  return { invoiceRows, creditNoteRows };
}

/** Narrows an event's documents for its archive: one exhibitor's purchases, issue days in UTC (both included). */
export type ArchiveFilter = { exhibitorId?: number; from?: string; to?: string };

const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const nextDayStart = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

function archiveWhere(
  table: typeof invoices | typeof creditNotes,
  eventId: number,
  purchaseScope: SQL | undefined,
  filter: ArchiveFilter,
) {
  return and(
    eq(table.eventId, eventId),
    purchaseScope,
    filter.exhibitorId === undefined ? undefined : eq(allocationPurchases.exhibitorId, filter.exhibitorId),
    filter.from ? gte(table.issuedAt, dayStart(filter.from)) : undefined,
    filter.to ? lt(table.issuedAt, nextDayStart(filter.to)) : undefined,
  );
}

/** How many invoices and credit notes an event's archive holds. */
export async function countArchive(db: Database, eventId: number, purchaseScope: SQL | undefined, filter: ArchiveFilter) {
  const [[invoiceCount], [creditNoteCount]] = await Promise.all([
    db
      .select({ n: count() })
      .from(invoices)
      .leftJoin(allocationPurchases, eq(allocationPurchases.id, invoices.allocationPurchaseId))
      .where(archiveWhere(invoices, eventId, purchaseScope, filter)),
    db
      .select({ n: count() })
      .from(creditNotes)
      .leftJoin(allocationPurchases, eq(allocationPurchases.id, creditNotes.allocationPurchaseId))
      .where(archiveWhere(creditNotes, eventId, purchaseScope, filter)),
  ]);
  return (invoiceCount?.n ?? 0) + (creditNoteCount?.n ?? 0);
}

/** The archive's next invoices after `afterId`, in issue order, with whether (and when) each one's purchase was paid. */
export async function archiveInvoicePage(
  db: Database,
  eventId: number,
  purchaseScope: SQL | undefined,
  filter: ArchiveFilter,
  afterId: number,
  limit: number,
) {
  return db
    .select({ invoice: invoices, ...paymentColumns })
    .from(invoices)
    .leftJoin(allocationPurchases, eq(allocationPurchases.id, invoices.allocationPurchaseId))
    .where(and(archiveWhere(invoices, eventId, purchaseScope, filter), gt(invoices.id, afterId)))
    .orderBy(asc(invoices.id))
    .limit(limit);
}

/** The archive's next credit notes after `afterId`, in issue order. */
export async function archiveCreditNotePage(
  db: Database,
  eventId: number,
  purchaseScope: SQL | undefined,
  filter: ArchiveFilter,
  afterId: number,
  limit: number,
): Promise<CreditNoteRow[]> {
  return creditNotesJoined(db)
    .leftJoin(allocationPurchases, eq(allocationPurchases.id, creditNotes.allocationPurchaseId))
    .where(and(archiveWhere(creditNotes, eventId, purchaseScope, filter), gt(creditNotes.id, afterId)))
    .orderBy(asc(creditNotes.id))
    .limit(limit);
}

export type InvoicingRow = typeof eventInvoicing.$inferSelect;

/** An event's invoicing settings (null before the organiser saved any) with the event's dates. */
export async function findInvoicing(db: Database, eventId: number) {
  const [row] = await db
    .select({ settings: eventInvoicing, startDate: events.startDate, endDate: events.endDate })
    .from(events)
    .leftJoin(eventInvoicing, eq(eventInvoicing.eventId, events.id))
    .where(eq(events.id, eventId));
  return row;
}

/** Saves the settings; the logo is set apart (`setInvoicingLogo`) and kept. */
export async function upsertInvoicing(db: Database, values: Omit<InvoicingRow, 'updatedAt' | 'logoFileId'>): Promise<InvoicingRow> {
  const { eventId: _eventId, ...changes } = values;
  const [row] = await db
    .insert(eventInvoicing)
    .values(values)
    .onConflictDoUpdate({ target: eventInvoicing.eventId, set: { ...changes, updatedAt: new Date() } })
    .returning();
  return row!;
}

/** The file of an event's issuer logo, if one is set. */
export async function findInvoicingLogo(db: Database, eventId: number): Promise<FileRow | undefined> {
  const [row] = await db
    .select({ file: files })
    .from(eventInvoicing)
    .innerJoin(files, eq(files.id, eventInvoicing.logoFileId))
    .where(eq(eventInvoicing.eventId, eventId));
  return row?.file;
}

/** Sets (or, with null, clears) an event's issuer logo; an event without settings gets the defaults. */
export async function setInvoicingLogo(db: Database, eventId: number, fileId: string | null): Promise<void> {
  await db
    .insert(eventInvoicing)
    .values({ eventId, logoFileId: fileId })
    .onConflictDoUpdate({ target: eventInvoicing.eventId, set: { logoFileId: fileId } });
}
