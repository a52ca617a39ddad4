import type { BulkImportReport } from '@portal/shared/bulk-imports';
import ExcelJS from 'exceljs';
import { safeCell, TEXT_FORMAT } from '../../lib/spreadsheet-cells';
import type { Sheet } from './sheet';

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
