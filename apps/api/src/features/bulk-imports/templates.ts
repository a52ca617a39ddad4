import { BULK_IMPORT_CLEAR_MARKER, BULK_IMPORT_MAX_ROWS } from '@portal/shared/bulk-imports';
import ExcelJS from 'exceljs';
import type { ColumnSpec } from './columns';
import { safeCell, TEXT_FORMAT } from '../../lib/spreadsheet-cells';

/** Rows below the header that carry the drop-down lists: the most a file may hold. */
const LIST_ROWS = BULK_IMPORT_MAX_ROWS + 1;

function columnLetter(index: number): string {
  let letter = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letter = String.fromCharCode(65 + ((n - 1) % 26)) + letter;
  return letter;
}

/** A template's header row: bold, kept in view while scrolling, a note on each column telling its format. */
export function writeHeaderRow(
  sheet: ExcelJS.Worksheet,
  columns: readonly { header: string; note: string; width: number }[],
): void {
  const row = sheet.addRow(columns.map((column) => safeCell(column.header)));
  row.font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  columns.forEach((column, index) => {
    row.getCell(index + 1).note = column.note;
    sheet.getColumn(index + 1).width = column.width;
    sheet.getColumn(index + 1).numFmt = TEXT_FORMAT;
  });
}

/**
 * The .xlsx template of one import: a header row whose notes tell each column's format and
 * allowed values, drop-down lists for columns with options (kept on a hidden sheet, beyond the
 * 255 characters an inline list may hold), and an example row to overwrite.
 */
export async function templateWorkbook(columns: readonly ColumnSpec[], title: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(title.slice(0, 31) || 'Import');
  const lists = workbook.addWorksheet('Lists', { state: 'veryHidden' });
  const clearNote = `An empty cell keeps what is stored; ${BULK_IMPORT_CLEAR_MARKER} erases it.`;
  writeHeaderRow(
    sheet,
    columns.map((column) => ({
      header: column.required ? `${column.header} *` : column.header,
      note: [
        column.note,
        column.options ? `Allowed: ${column.options.join(', ')}.` : '',
        column.required ? '' : clearNote,
      ]
        .filter(Boolean)
        .join('\n'),
      width: Math.min(Math.max(column.header.length + 4, 14), 40),
    })),
  );
  columns.forEach((column, index) => {
    if (column.options && column.options.length > 0) {
      const listColumn = columnLetter(index);
      column.options.forEach((option, row) => {
        lists.getCell(`${listColumn}${row + 1}`).value = safeCell(option);
      });
      const range = `Lists!$${listColumn}$1:$${listColumn}$${column.options.length}`;
      // One validation over the whole column's range; exceljs types only its per-cell form.
      (
        sheet as unknown as { dataValidations: { add(address: string, validation: ExcelJS.DataValidation): void } }
      ).dataValidations.add(`${listColumn}2:${listColumn}${LIST_ROWS}`, {
        type: 'list',
        allowBlank: true,
        formulae: [range],
        showErrorMessage: false,
      });
    }
  });
  sheet.addRow(columns.map((column) => safeCell(column.example)));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
