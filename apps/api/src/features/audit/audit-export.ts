import type { Readable } from 'node:stream';
import { diffFields, type AuditEntry } from '@portal/shared/audit';
import { csvStream, xlsxStream } from '../../lib/spreadsheet-stream';

/** The export's columns: one row an entry, its record before and after as JSON beside the names of the fields it changed. */
export const AUDIT_EXPORT_HEADER = [
  'Time (UTC)',
  'Who',
  'Action',
  'Record type',
  'Record id',
  'Event id',
  'Exhibitor id',
  'Changed fields',
  'Before',
  'After',
  'Request id',
] as const;

/** A spreadsheet cell holds 32,767 characters at most; a longer record is cut there, marked by an ellipsis. */
const CELL_LIMIT = 32_767;

function json(value: object | null): string {
  if (!value) return '';
  const text = JSON.stringify(value);
  return text.length > CELL_LIMIT ? `${text.slice(0, CELL_LIMIT - 2)}…` : text;
}

/** An entry as the cells of its row; `safeCell` (in the stream) keeps a formula-like text as text. */
export function auditExportRow(entry: AuditEntry): string[] {
  return [
    entry.createdAt,
    entry.actorLabel ?? (entry.actorAdminId ? `#${entry.actorAdminId}` : 'System'),
    entry.action,
    entry.entityType,
    entry.entityId ?? '',
    entry.eventId == null ? '' : String(entry.eventId),
    entry.exhibitorId == null ? '' : String(entry.exhibitorId),
    diffFields(entry.before, entry.after)
      .filter((change) => change.changed)
      .map((change) => change.field)
      .join(', '),
    json(entry.before),
    json(entry.after),
    entry.requestId ?? '',
  ];
}

async function* exportRows(entries: AsyncIterable<AuditEntry>): AsyncGenerator<string[]> {
  for await (const entry of entries) yield auditExportRow(entry);
}

export const auditCsv = (entries: AsyncIterable<AuditEntry>): Readable =>
  csvStream(AUDIT_EXPORT_HEADER, exportRows(entries));

/** The sheet is not named History: Excel reserves that name and refuses to open the file. */
export const auditXlsx = (entries: AsyncIterable<AuditEntry>): Readable =>
  xlsxStream('Audit log', AUDIT_EXPORT_HEADER, exportRows(entries));
