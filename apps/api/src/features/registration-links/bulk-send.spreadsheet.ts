import { BULK_SEND_COLUMNS, BULK_SEND_MAX_ROWS, type BulkSendColumn } from '@portal/shared/bulk-send';
import ExcelJS from 'exceljs';
import { ValidationError } from '../../lib/errors';
import type { Sheet } from '../bulk-imports/sheet';
import { writeHeaderRow } from '../bulk-imports/templates';

const NOTES: Readonly<Record<BulkSendColumn, string>> = {
  email: 'Required. The address the registration link is sent to; one row per address.',
  firstName: 'Required. Greets the recipient in the mail ({{firstName}}).',
  lastName: 'Required. ({{lastName}} in the mail.)',
};

const EXAMPLE: Readonly<Record<BulkSendColumn, string>> = {
  email: 'ada.lovelace@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
};

/**
 * The file to fill in: a "Recipients" sheet with the header row and a note on each header, and an
 * "Example" sheet with a filled-in row. The example stays off the sheet that is read, so that a
 * file sent back unchanged cannot mail the example address.
 */
export async function buildBulkSendTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const header = BULK_SEND_COLUMNS.map((column) => ({
    header: column,
    note: NOTES[column],
    width: column === 'email' ? 34 : 22,
  }));
  writeHeaderRow(workbook.addWorksheet('Recipients'), header);
  const example = workbook.addWorksheet('Example');
  writeHeaderRow(example, header);
  example.addRow(BULK_SEND_COLUMNS.map((column) => EXAMPLE[column]));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A recipient's row; `problem` refuses it as a whole (see `SheetRow` of the imports). */
export type SheetRow = { row: number; values: Record<BulkSendColumn, string>; problem?: string };

const headerKey = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, '');
const KNOWN = new Map(BULK_SEND_COLUMNS.map((column) => [headerKey(column), column]));

const refuse = (message: string) => ValidationError.field('file', message);

/**
 * The recipients of a file read like an import's (.xlsx or .csv, its first sheet), by column: the
 * header names the columns in any order and case; other columns are not read. A file lacking a
 * column or holding too many rows is refused as a whole.
 */
export function recipientRows(sheet: Sheet): SheetRow[] {
  const columns = new Map<number, BulkSendColumn>();
  sheet.columns.forEach((header, index) => {
    const column = KNOWN.get(headerKey(header));
    if (column) columns.set(index, column);
  });
  const missing = BULK_SEND_COLUMNS.filter((column) => ![...columns.values()].includes(column));
  if (missing.length) throw refuse(`The first row must name the columns; missing: ${missing.join(', ')}`);
  if (sheet.rows.length > BULK_SEND_MAX_ROWS)
    throw refuse(`At most ${BULK_SEND_MAX_ROWS} recipients per file; this one has ${sheet.rows.length}`);
  return sheet.rows.map(({ row, cells, problem }) => {
    const values = Object.fromEntries(BULK_SEND_COLUMNS.map((column) => [column, ''])) as Record<
      BulkSendColumn,
      string
    >;
    for (const [index, column] of columns) values[column] = (cells[index] ?? '').trim();
    return { row, values, problem };
  });
}
