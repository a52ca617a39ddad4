import { BULK_IMPORT_MAX_ROWS } from '@portal/shared/bulk-imports';
import { ValidationError } from '../../lib/errors';

/** A file-wide notice of the report: an unreadable character, an ignored column, a formula read as its value. */
export type SheetWarning = { row: number | null; column: string | null; message: string };

/**
 * One data row: its number as the spreadsheet shows it (the header is row 1) and its cells as text,
 * by column. `problem` refuses the row as a whole, whatever its cells hold.
 */
export type SheetRow = { row: number; cells: string[]; problem?: string };

/** What a readable file holds, whatever its format: the header, then the data rows, as text. */
export type Sheet = {
  format: 'xlsx' | 'csv';
  /** For a .csv, the encoding it was read in. */
  encoding: string | null;
  columns: string[];
  rows: SheetRow[];
  warnings: SheetWarning[];
};

/** Excel's own limit of a cell; a longer one is no spreadsheet anyone typed. */
export const MAX_CELL_CHARS = 32_767;
/** The widest file taken: the widest template has a few columns per custom field. */
export const MAX_COLUMNS = 300;
/** Warnings past this many are summed up in one: a file of 50,000 bad characters needs no 50,000 lines. */
const MAX_WARNINGS = 200;

/**
 * A cell as it was before the report or template put an apostrophe in front of what would run as a
 * formula (`safeCell` in lib/spreadsheet-cells.ts). LibreOffice, and Excel in a .csv, keep that apostrophe as
 * part of the text: a phone number `'+47 22 33 44 55` would then fail on a file sent back as it was.
 */
export const dropFormulaGuard = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

export function fileError(message: string): ValidationError {
  return ValidationError.field('file', message);
}

/**
 * Collects rows as a reader yields them, holding the limits every format shares: the header first,
 * at most `BULK_IMPORT_MAX_ROWS` rows, no cell beyond `MAX_CELL_CHARS`. Blank rows are skipped.
 */
export class SheetBuilder {
  /**
   * With `separator` (a .csv's), a row with more values than the header row has (its separators
   * counted, empty trailing cells included) is refused: it means a separator inside an unquoted
   * value, which moved every value after it one column on. A row with fewer is read with the rest
   * empty (Excel leaves out the trailing separators of empty cells in some rows). In an .xlsx a
   * value beyond the header is someone's note beside the table, ignored with a warning.
   */
  constructor(private readonly options: { separator?: string } = {}) {}

  columns: string[] | null = null;
  /** The header row's values, the empty ones at its end included: what every row of a .csv has. */
  private headerFields = 0;
  readonly rows: SheetRow[] = [];
  readonly warnings: SheetWarning[] = [];
  private dropped = 0;

  warn(warning: SheetWarning): void {
    if (this.warnings.length < MAX_WARNINGS) this.warnings.push(warning);
    else this.dropped += 1;
  }

  add(rowNumber: number, read: string[]): void {
    const cells = read.map(dropFormulaGuard);
    const width = this.columns?.length ?? cells.length;
    if (
      cells.length > MAX_COLUMNS &&
      (this.columns === null || cells.slice(width).some((cell) => cell.trim() !== ''))
    ) {
      throw fileError(`Row ${rowNumber} has more than ${MAX_COLUMNS} columns`);
    }
    cells.forEach((cell, index) => {
      if (cell.length > MAX_CELL_CHARS) {
        throw fileError(`Row ${rowNumber}, column ${index + 1}: a cell holds more than ${MAX_CELL_CHARS} characters`);
      }
    });
    if (cells.every((cell) => cell.trim() === '')) return;
    if (this.columns === null) {
      this.header(rowNumber, cells);
      return;
    }
    if (this.rows.length >= BULK_IMPORT_MAX_ROWS) {
      throw fileError(
        `The file has more than ${BULK_IMPORT_MAX_ROWS.toLocaleString('en')} rows; split it into smaller files`,
      );
    }
    const { separator } = this.options;
    if (separator !== undefined && cells.length > this.headerFields) {
      this.rows.push({
        row: rowNumber,
        cells: cells.slice(0, width),
        problem: `Wrong number of columns: this row has ${cells.length} values where the header has ${this.headerFields}; a value holding ${separator === '\t' ? 'a tab' : `“${separator}”`} must be in double quotes`,
      });
      return;
    }
    const extra = cells.slice(width).findIndex((cell) => cell.trim() !== '');
    if (extra >= 0)
      this.warn({
        row: rowNumber,
        column: null,
        message: `A value in column ${width + extra + 1}, which has no header, was ignored`,
      });
    this.rows.push({ row: rowNumber, cells: cells.slice(0, width) });
  }

  private header(rowNumber: number, cells: string[]): void {
    this.headerFields = cells.length;
    let end = cells.length;
    while (end > 0 && cells[end - 1]!.trim() === '') end -= 1;
    const columns = cells.slice(0, end).map((cell) => cell.trim().replace(/\s+/g, ' '));
    const seen = new Set<string>();
    columns.forEach((column, index) => {
      if (column === '')
        throw fileError(`The header (row ${rowNumber}) has an empty cell in column ${index + 1}; name every column`);
      const key = column.toLowerCase();
      if (seen.has(key)) throw fileError(`The header names the column “${column}” twice`);
      seen.add(key);
    });
    this.columns = columns;
  }

  finish(format: Sheet['format'], encoding: string | null): Sheet {
    if (this.columns === null)
      throw fileError('The file has no rows: put the column names in row 1 and one record per row below');
    if (this.rows.length === 0) throw fileError('The file has a header but no rows to import');
    if (this.dropped > 0)
      this.warnings.push({ row: null, column: null, message: `${this.dropped} more notices like these were left out` });
    return { format, encoding, columns: this.columns, rows: this.rows, warnings: this.warnings };
  }
}
