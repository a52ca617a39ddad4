import ExcelJS from 'exceljs';
import type { EventEmitter } from 'node:events';
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

/** The parts of an .xlsx the reader must meet, as the kinds of entry it reports for them. */
function expectedEntries(parts: Set<string>): Map<string, number> {
  const expected = new Map<string, number>();
  if (parts.has('xl/workbook.xml')) expected.set('workbook', 1);
  if (parts.has('xl/sharedStrings.xml')) expected.set('shared-strings', 1);
  if (parts.has('xl/styles.xml')) expected.set('styles', 1);
  expected.set('worksheet', [...parts].filter((part) => /^xl\/worksheets\/sheet\d+\.xml$/.test(part)).length);
  return expected;
}

/** How many times a read that came back short is tried before the file is called unreadable. */
const READ_ATTEMPTS = 3;

/**
 * Reads the first worksheet of an .xlsx with exceljs's streaming reader: rows go to the builder
 * as they are unpacked, one at a time. That reader now and then stops before the last parts of the
 * zip (exceljs#3064: about 1 read in 1,000 under load), which would read the cells without their
 * shared strings or fail on the missing workbook part; a read that did not meet every part the
 * zip's directory lists is therefore done again.
 */
export async function readXlsx(path: string): Promise<Sheet> {
  const expected = expectedEntries((await checkZipSizes(path)).parts);
  for (let attempt = 1; ; attempt++) {
    const read = await readOnce(path, expected);
    if (read.sheet) return read.sheet;
    if (read.complete || attempt === READ_ATTEMPTS) {
      throw fileError('This .xlsx cannot be read: open it in Excel and save it again as an Excel workbook (.xlsx)');
    }
  }
}

/** One read of the file: the sheet, or none with whether the reader met every expected part. */
async function readOnce(path: string, expected: Map<string, number>): Promise<{ sheet?: Sheet; complete: boolean }> {
  const sheet = new SheetBuilder();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    entries: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
  });
  const met = new Map<string, number>();
  // An event emitter, though its type does not say so.
  (reader as unknown as EventEmitter).on('entry', ({ type }: { type: string }) => met.set(type, (met.get(type) ?? 0) + 1));
  const complete = () => [...expected].every(([type, count]) => (met.get(type) ?? 0) >= count);
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
    return { complete: complete() };
  }
  if (!complete()) return { complete: false };
  if (refusal) throw refusal;
  return { sheet: sheet.finish('xlsx', null), complete: true };
}
