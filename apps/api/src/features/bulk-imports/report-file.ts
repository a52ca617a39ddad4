import type { BulkImportReport } from '@portal/shared/bulk-imports';
import ExcelJS from 'exceljs';
import type { Sheet } from './sheet';

/**
 * A number or phone number written with its sign (`+47 22 33 44 55`, `-5`): no formula can be
 * made of digits, spaces and ( ) . / -, so it is written as it is, in a text cell.
 */
const SIGNED_NUMBER = /^[+-][0-9 ()./-]*[0-9][0-9 ()./-]*$/;

/**
 * A cell a spreadsheet program would run as a formula (= + - @, or a tab or return before one)
 * is written as text behind an apostrophe: the file goes back to the person who uploaded it. A
 * signed number or phone number is no formula and keeps its text, so that the file uploads again
 * as it is (the reader drops the apostrophe again, `dropFormulaGuard` in sheet.ts).
 */
export function safeCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) && !SIGNED_NUMBER.test(text) ? `'${text}` : text;
}

/**
 * Excel's Text number format: a value typed or pasted into the cell stays the text it is (a phone
 * number is not taken for a formula, nor a date for a serial number) in Excel and LibreOffice alike.
 */
export const TEXT_FORMAT = '@';

/** The first column of the report, which an upload of the corrected report ignores. */
export const ERRORS_COLUMN = 'Errors';

/** The uploaded rows as an .xlsx with an Errors column, bad cells filled, for fixing and uploading again. */
export async function reportWorkbook(sheet: Sheet, report: BulkImportReport): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const worksheet = workbook.addWorksheet('Rows');
  worksheet.addRow([ERRORS_COLUMN, ...sheet.columns].map(safeCell)).font = { bold: true };
  worksheet.views = [{ state: 'frozen', ySplit: 1 }];
  sheet.columns.forEach((_column, index) => {
    worksheet.getColumn(index + 2).numFmt = TEXT_FORMAT;
  });
  const byRow = new Map(report.rows.map((row) => [row.row, row]));
  for (const { row, cells } of sheet.rows) {
    const errors = byRow.get(row)?.errors ?? [];
    const text = errors.map((error) => (error.column ? `${error.column}: ${error.message}` : error.message)).join('\n');
    const added = worksheet.addRow([
      safeCell(text),
      ...sheet.columns.map((_column, index) => safeCell(cells[index] ?? '')),
    ]);
    for (const error of errors) {
      const index = error.column === null ? -1 : sheet.columns.indexOf(error.column);
      if (index >= 0)
        added.getCell(index + 2).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } };
    }
    if (errors.length > 0) added.getCell(1).font = { color: { argb: 'FF9C0006' } };
  }
  worksheet.getColumn(1).width = 50;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
