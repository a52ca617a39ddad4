import ExcelJS from 'exceljs';
import { fileError, SheetBuilder, type Sheet } from './sheet';
import { checkZipSizes } from './zip-guard';

type CellValue = ExcelJS.CellValue;

/** A calendar date as the templates ask for it; a time of day too when the cell has one. */
function dateText(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
}

/**
 * A cell as text. A formula is never evaluated: its value as Excel last computed and saved it is
 * read, with a warning, since it may be out of date or missing (a file written by a program).
 */
function cellText(value: CellValue, warn: (message: string) => void): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return dateText(value);
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: CellValue }).result;
    if (result === undefined || result === null || (typeof result === 'object' && 'error' in result)) {
      warn('A formula without a saved value was read as empty; type the value instead');
      return '';
    }
    warn('A formula was read as its last saved value; type the value instead to be sure');
    return cellText(result, warn);
  }
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('hyperlink' in value)
    return typeof value.text === 'string' ? value.text : cellText(value.text as CellValue, warn);
  if ('error' in value) {
    warn(`The cell shows the error ${value.error}; it was read as empty`);
    return '';
  }
  return '';
}

/**
 * Reads the first worksheet of an .xlsx with exceljs's streaming reader: rows go to the builder
 * as they are unpacked, one at a time.
 */
export async function readXlsx(path: string): Promise<Sheet> {
  await checkZipSizes(path);
  const sheet = new SheetBuilder();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    entries: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
  });
  // The reader is always read to its end: a worksheet that comes before the shared strings is
  // parked in a temporary file, which it removes (and closes) only once it has gone through them
  // all. A refusal is held until then; rows after it are skipped, the zip guard bounding the rest.
  let refusal: unknown = null;
  let first = true;
  try {
    for await (const worksheet of reader) {
      // Only the first worksheet is read: templates have one, and a second is usually notes or lists.
      const read = first;
      first = false;
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        if (!read || refusal) continue;
        const values = row.values as CellValue[];
        const cells: string[] = [];
        for (let column = 1; column < values.length; column++) {
          cells.push(
            cellText(values[column], (message) =>
              sheet.warn({ row: row.number, column: sheet.columns?.[column - 1] ?? `Column ${column}`, message }),
            ).trim(),
          );
        }
        try {
          sheet.add(row.number, cells);
        } catch (error) {
          refusal = error;
        }
      }
    }
  } catch {
    throw fileError('This .xlsx cannot be read: open it in Excel and save it again as an Excel workbook (.xlsx)');
  }
  if (refusal) throw refusal;
  return sheet.finish('xlsx', null);
}
