import {
  BANK_LINE_STATUSES,
  type BankStatementFields,
  type BankStatementFormat,
  type BankStatementLine,
  type BankStatementPreview,
  type BankStatementRecorded,
  type ConfirmBankStatementFields,
} from '@portal/shared/bank-statements';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { events } from '../../db/schema/events';
import type { Actor } from '../../lib/actor';
import { AppError, ConflictError, NotFoundError, ValidationError, withUniqueConflict } from '../../lib/errors';
import { recordAudit } from '../audit/audit.repository';
import { purchaseScopeFilter } from '../allocation-purchases/allocation-purchases.repository';
import { assertOrganiser, loadPurchase } from '../allocation-purchases/allocation-purchases.service';
import { scopeEventId, scopeOf } from '../auth/scope';
import { recordBankTransfer } from '../payments/bank-transfers';
import * as repo from './bank-statements.repository';
import { matchStatement } from './bank-statements.rules';
import { readCamt053 } from './read-camt';
import { csvLines, readStatementCsv, suggestMapping } from './read-statement-csv';
import { statementError, type StatementLine } from './statement-line';

/** A statement as read: its lines, or for a CSV without a mapping only its layout. */
type ReadStatement = {
  format: BankStatementFormat;
  csv: BankStatementPreview['csv'];
  lines: StatementLine[] | null;
};

/** XML starts with `<` (after a BOM and blanks); everything else is taken for CSV. */
function formatOf(bytes: Uint8Array): BankStatementFormat {
  const start = Buffer.from(bytes.subarray(0, 512)).toString('utf8').replace(/^\ufeff/, '').trimStart();
  return start.startsWith('<') ? 'camt053' : 'csv';
}

function readStatement(bytes: Uint8Array, fields: BankStatementFields, eventCurrency: string): ReadStatement {
  if (bytes.length === 0) throw statementError('The file is empty');
  const format = formatOf(bytes);
  if (fields.format && fields.format !== format) {
    const found = format === 'csv' ? 'a CSV file' : 'an XML file';
    throw ValidationError.field('format', `The file is ${found}, not ${fields.format === 'csv' ? 'CSV' : 'CAMT.053'}`);
  }
  if (format === 'camt053') {
    const text = Buffer.from(bytes).toString('utf8').replace(/^\ufeff/, '');
    return { format, csv: null, lines: readCamt053(text) };
  }
  const { layout, records } = readStatementCsv(bytes);
  const headerRow = fields.mapping?.headerRow ?? 1;
  const csv = {
    ...layout,
    columns: records[headerRow - 1] ?? [],
    suggestedMapping: suggestMapping(records, headerRow) ?? (headerRow === 1 ? null : suggestMapping(records, 1)),
  };
  return { format, csv, lines: fields.mapping ? csvLines(records, fields.mapping, eventCurrency) : null };
}

/** When a line is a payment: the day the bank booked it, at noon UTC so that no time zone moves it to another day. */
function paidAtOf(line: BankStatementLine): Date {
  const day = line.bookingDate ?? line.valueDate;
  const at = day ? new Date(`${day}T12:00:00Z`) : new Date();
  return at.getTime() > Date.now() ? new Date() : at;
}

/** The reference a paid purchase shows: the bank's own id of the line, else what the payer wrote. */
const paymentReferenceOf = (line: BankStatementLine) =>
  (line.bankReference ?? line.reference ?? line.key).slice(0, 200);

const MAX_REFUSALS_LISTED = 20;

/**
 * Bank statements of an event read against its invoices: a preview that writes nothing, and a
 * confirmation that records the ticked lines as bank transfers, all in one transaction.
 */
export function createBankStatementsService({ db, publicUrl }: { db: Database; publicUrl: string }) {
  /** The event, if the organiser reaches it (404 otherwise, as for any record out of scope). */
  async function reachEvent(actor: Actor, eventId: number): Promise<{ currency: string }> {
    assertOrganiser(actor);
    const reachable = scopeEventId(scopeOf(actor.principal));
    const [event] = await db.select({ currency: events.currency }).from(events).where(eq(events.id, eventId));
    if (!event || (reachable != null && reachable !== eventId)) throw new NotFoundError('Event');
    return event;
  }

  /** Matches the lines against the event's invoices as they are now, read through `tx` when inside one. */
  async function match(tx: Database, actor: Actor, eventId: number, currency: string, lines: StatementLine[]) {
    const [candidates, recorded] = await Promise.all([
      repo.invoicedPurchases(tx, eventId, purchaseScopeFilter(scopeOf(actor.principal))),
      repo.recordedLines(tx, eventId, [...new Set(lines.map((line) => line.key))]),
    ]);
    return matchStatement(lines, { eventCurrency: currency, candidates, recorded });
  }

  return {
    /** Reads a statement and matches each line, writing nothing. */
    async preview(actor: Actor, eventId: number, fields: BankStatementFields, bytes: Uint8Array): Promise<BankStatementPreview> {
      const event = await reachEvent(actor, eventId);
      const statement = readStatement(bytes, fields, event.currency);
      const lines = statement.lines ? await match(db, actor, eventId, event.currency, statement.lines) : [];
      const summary = Object.fromEntries(BANK_LINE_STATUSES.map((status) => [status, 0])) as BankStatementPreview['summary'];
      for (const line of lines) summary[line.status] += 1;
      return {
        format: statement.format,
        eventCurrency: event.currency,
        csv: statement.csv,
        needsMapping: statement.lines === null,
        lines,
        summary,
      };
    },

    /**
     * Records the ticked lines: the statement is read and matched again inside the transaction, so
     * a line that no longer matches (its invoice paid meanwhile, the line recorded by another
     * upload) refuses the whole confirmation and nothing is recorded.
     */
    async confirm(
      actor: Actor,
      eventId: number,
      fields: ConfirmBankStatementFields,
      bytes: Uint8Array,
    ): Promise<BankStatementRecorded> {
      const event = await reachEvent(actor, eventId);
      const statement = readStatement(bytes, fields, event.currency);
      if (!statement.lines) throw ValidationError.field('mapping', 'Choose the columns of the CSV before confirming');
      const statementLines = statement.lines;
      const keys = [...new Set(fields.lines)];
      const recorded = await withUniqueConflict(
        () =>
          db.transaction(async (tx) => {
            // A line repeated in the statement is read as its first occurrence; the repeats are its duplicates.
            const lines = new Map<string, BankStatementLine>();
            for (const line of await match(tx, actor, eventId, event.currency, statementLines))
              if (!lines.has(line.key)) lines.set(line.key, line);
            const chosen = keys.map((key, index) => {
              const line = lines.get(key);
              if (!line) throw ValidationError.field(`lines.${index}`, 'No line of this statement has this key');
              return line;
            });
            const refused = chosen.filter((line) => line.status !== 'matched');
            if (refused.length > 0) {
              const details = refused.slice(0, MAX_REFUSALS_LISTED).map((line) => ({
                field: `lines.${keys.indexOf(line.key)}`,
                message: `Line ${line.lineNumber}: ${line.reason}`,
              }));
              const message = `${refused.length} of the ticked lines no longer match; nothing was recorded. Preview the statement again`;
              throw new AppError(409, 'Conflict', message, details);
            }
            const done: BankStatementRecorded['recorded'] = [];
            for (const line of chosen) {
              const purchase = await loadPurchase(tx, line.purchase!.id);
              const reference = paymentReferenceOf(line);
              const attemptId = await recordBankTransfer(
                tx,
                actor,
                purchase,
                { externalId: `bank-statement:${eventId}:${line.key}`, reference, paidAt: paidAtOf(line) },
                publicUrl,
              );
              await repo.insertLine(tx, {
                eventId,
                lineKey: line.key,
                allocationPurchaseId: purchase.id,
                paymentAttemptId: attemptId,
                format: statement.format,
                bookingDate: line.bookingDate ?? line.valueDate,
                amountCents: line.amount!,
                currency: line.currency,
                reference: line.reference,
                bankReference: line.bankReference,
                payer: line.payer,
                matchedBy: line.matchedBy!,
                recordedByAdminId: actor.principal.id,
              });
              done.push({
                key: line.key,
                lineNumber: line.lineNumber,
                purchaseId: purchase.id,
                invoiceNumber: line.purchase!.invoiceNumber,
                amount: line.amount!,
                paymentReference: reference,
              });
            }
            await recordAudit(tx, actor, {
              action: 'record_bank_statement',
              entityType: 'event',
              entityId: eventId,
              eventId,
              after: {
                format: statement.format,
                lines: done.length,
                invoices: done.map((line) => line.invoiceNumber),
                byAmountOnly: chosen.filter((line) => line.matchedBy === 'amount').length,
              },
            });
            return done;
          }),
        () => new ConflictError('Some of these lines were recorded meanwhile; nothing was recorded. Preview the statement again'),
      );
      return {
        recorded,
        currency: event.currency,
        totalAmount: recorded.reduce((sum, line) => sum + line.amount, 0),
      };
    },
  };
}

export type BankStatementsService = ReturnType<typeof createBankStatementsService>;
