import type { Readable } from 'node:stream';
import type { ExportFormat } from '@portal/shared/exports';
import type { FastifyReply } from 'fastify';
import { fileResponse } from './route-schemas';
import { csvStream, xlsxStream } from './spreadsheet-stream';

/**
 * A list's export (docs/exports.md): the rows of the list's own filter, scope and sort, fixed as
 * ids when the export starts, then read and written a batch at a time, so that a file of any
 * length holds one batch in memory. Every cell is text and goes through `safeCell` on its way out.
 */

/** One column of an export: its header and the cell text of a row. */
export type ExportColumn<R> = { header: string; cell: (row: R) => string };

export type ExportFile = { fileName: string; content: Readable };

export const EXPORT_BATCH_ROWS = 2000;

export const EXPORT_CONTENT_TYPES: Readonly<Record<ExportFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The 200 answer of an export route in the OpenAPI document. */
export const exportResponse = (what: string) => fileResponse(EXPORT_CONTENT_TYPES.xlsx, `${what} (format=csv: CSV)`);

/**
 * The rows of `ids`, in that order, read `EXPORT_BATCH_ROWS` at a time; a row deleted since the
 * export started is left out.
 */
export async function* rowsInOrder<Id extends number | string, R>(
  ids: readonly Id[],
  read: (batch: Id[]) => Promise<R[]>,
  idOf: (row: R) => Id = (row) => (row as { id: Id }).id,
): AsyncGenerator<R> {
  for (let start = 0; start < ids.length; start += EXPORT_BATCH_ROWS) {
    const batch = ids.slice(start, start + EXPORT_BATCH_ROWS);
    const byId = new Map((await read(batch)).map((row) => [idOf(row), row]));
    for (const id of batch) {
      const row = byId.get(id);
      if (row) yield row;
    }
  }
}

async function* cellsOf<R>(rows: AsyncIterable<R>, columns: readonly ExportColumn<R>[]): AsyncGenerator<string[]> {
  for await (const row of rows) yield columns.map((column) => column.cell(row));
}

/** The rows as a CSV or .xlsx stream under `name` (the sheet's name and the file's). */
export function exportFile<R>(
  name: string,
  format: ExportFormat,
  columns: readonly ExportColumn<R>[],
  rows: AsyncIterable<R>,
): ExportFile {
  const header = columns.map((column) => column.header);
  const cells = cellsOf(rows, columns);
  return {
    fileName: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.${format}`,
    content: format === 'csv' ? csvStream(header, cells) : xlsxStream(name, header, cells),
  };
}

/** Sends an export as a download under its name. */
export function sendExport(reply: FastifyReply, format: ExportFormat, file: ExportFile) {
  return reply
    .header('content-type', EXPORT_CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
    .send(file.content);
}

/** A time as export cells write it: `2027-05-09 10:40:05`, in UTC (the column header says so). */
export function utcCell(value: Date | string | null): string {
  if (!value) return '';
  return new Date(value).toISOString().slice(0, 19).replace('T', ' ');
}
