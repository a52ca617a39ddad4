import type { Readable } from 'node:stream';
import { LEAD_RATING_LABELS, type Lead } from '@portal/shared/leads';
import { answerText } from '../../lib/answer-text';
import { csvStream, localTimeFormat, xlsxStream } from '../../lib/spreadsheet-stream';
import { toLead } from './lead-answer';
import { releasedColumns, type LeadRelease, type ReleasedColumn } from './lead-release';
import type { LeadRow } from './leads.repository';
import type { LeadQuestion } from './leads.rules';

/** What an export's columns depend on: the event's release, the exhibitor's questions, the event's time zone. */
export type LeadExportContext = { release: LeadRelease; questions: readonly LeadQuestion[]; timezone: string };

const answerable = (questions: readonly LeadQuestion[]) => questions.filter((question) => question.type !== 'file');

/**
 * The columns: when and by whom, the visitor's released fields (by their labels; a field the event
 * does not release has no column), the exhibitor's qualification, then one column per question.
 */
export function leadExportHeader(context: LeadExportContext): string[] {
  return [
    `Scanned at (${context.timezone})`,
    'Scanned by',
    ...releasedColumns(context.release).map((column) => column.label),
    'Rating',
    'Tags',
    'Notes',
    ...answerable(context.questions).map((question) => question.label),
  ];
}

function visitorCell(lead: Lead, column: ReleasedColumn): string {
  if (column.kind === 'field') {
    const value = lead.visitor.fields?.find((field) => field.id === column.id)?.value;
    return typeof value === 'string' ? value : '';
  }
  return lead.visitor[column.key] ?? '';
}

/** One lead as a row, its visitor as the release gives it (a visitor without consent leaves its details empty). */
function leadExportRow(row: LeadRow, context: LeadExportContext, time: (iso: string | null) => string): string[] {
  const lead = toLead(row, context.release);
  return [
    time(lead.scannedAt),
    lead.scannedBy.name,
    ...releasedColumns(context.release).map((column) => visitorCell(lead, column)),
    lead.rating ? LEAD_RATING_LABELS[lead.rating] : '',
    lead.tags.join(', '),
    lead.notes.map((note) => `${note.authorName}: ${note.text}`).join('\n'),
    ...answerable(context.questions).map((question) => answerText(lead.answers[String(question.id)], question.options)),
  ];
}

async function* exportRows(rows: AsyncIterable<LeadRow>, context: LeadExportContext): AsyncGenerator<string[]> {
  const time = localTimeFormat(context.timezone);
  for await (const row of rows) yield leadExportRow(row, context, time);
}

export function leadsCsv(rows: AsyncIterable<LeadRow>, context: LeadExportContext): Readable {
  return csvStream(leadExportHeader(context), exportRows(rows, context));
}

export function leadsXlsx(rows: AsyncIterable<LeadRow>, context: LeadExportContext): Readable {
  return xlsxStream('Leads', leadExportHeader(context), exportRows(rows, context));
}
