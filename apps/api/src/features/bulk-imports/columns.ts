import { BULK_IMPORT_CLEAR_MARKER } from '@portal/shared/bulk-imports';
import { optionalTextLine, textLine } from '@portal/shared/common';
import type { z } from 'zod';
import { ERRORS_COLUMN } from './report-file';
import { fileError, type Sheet, type SheetRow, type SheetWarning } from './sheet';

/** A column a kind of import reads: its header in the template, and what the note on it says. */
export type ColumnSpec = {
  key: string;
  header: string;
  /** Other headers the column is recognised by, lower case. */
  aliases?: string[];
  /** Must be in the file, and filled on every new record. */
  required: boolean;
  /** What the template's note says of the format and allowed values. */
  note: string;
  /** The allowed values, offered as a drop-down list in the template. */
  options?: string[];
  /** The value of the template's example row. */
  example: string;
};

/**
 * The text cells' schemas, built once: building a zod schema costs far more than checking a
 * cell with it, and a file has up to 50,000 rows.
 */
export const TEXT_CELLS = {
  name: textLine(100),
  companyName: textLine(200),
  externalId: textLine(100),
  profile: optionalTextLine(5000),
};

/** A cell as the import reads it: left empty (keep what is stored), the clear marker (erase it), or a value. */
export type Cell = { kind: 'empty' } | { kind: 'clear' } | { kind: 'value'; text: string };

export const EMPTY: Cell = { kind: 'empty' };

export function cellOf(text: string | undefined): Cell {
  const trimmed = text?.trim() ?? '';
  if (trimmed === '') return EMPTY;
  if (trimmed.toLowerCase() === BULK_IMPORT_CLEAR_MARKER) return { kind: 'clear' };
  return { kind: 'value', text: trimmed };
}

const normalise = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/\s*\*$/, '');

/**
 * Finds each spec's column in the file by its header (case and a trailing `*` aside). A required
 * column missing answers 400 naming `file`; a column no spec knows is ignored with a warning.
 */
export function mapColumns(
  sheet: Sheet,
  specs: readonly ColumnSpec[],
): { indexOf: Map<string, number>; warnings: SheetWarning[] } {
  const byHeader = new Map<string, number>(sheet.columns.map((column, index) => [normalise(column), index]));
  const indexOf = new Map<string, number>();
  const missing: string[] = [];
  for (const spec of specs) {
    const index = [spec.header, ...(spec.aliases ?? [])]
      .map((header) => byHeader.get(normalise(header)))
      .find((found) => found !== undefined);
    if (index !== undefined) indexOf.set(spec.key, index);
    else if (spec.required) missing.push(spec.header);
  }
  if (missing.length > 0) {
    throw fileError(
      `The file has no column ${missing.map((header) => `“${header}”`).join(', ')}; start from the template`,
    );
  }
  const used = new Set(indexOf.values());
  // The report's own Errors column comes back with a corrected report: no news to its sender.
  const warnings = sheet.columns
    .filter((column, index) => !used.has(index) && normalise(column) !== normalise(ERRORS_COLUMN))
    .map((column) => ({ row: null, column, message: 'This column is not part of the import and was ignored' }));
  return { indexOf, warnings };
}

/**
 * Reads one row's cells by spec key, with each column's header as the file spells it. A row the
 * reader refused as a whole (`SheetRow.problem`) carries that one error and no other: its cells
 * are in the wrong columns, so what they would say is beside the point.
 */
export class RowReader {
  readonly errors: { column: string | null; message: string }[] = [];
  private readonly cells: string[];
  private readonly refused: boolean;

  constructor(
    private readonly sheet: Sheet,
    private readonly indexOf: Map<string, number>,
    row: SheetRow,
  ) {
    this.cells = row.cells;
    if (row.problem) this.errors.push({ column: null, message: row.problem });
    this.refused = row.problem !== undefined;
  }

  header(key: string): string | null {
    const index = this.indexOf.get(key);
    return index === undefined ? null : this.sheet.columns[index]!;
  }

  cell(key: string): Cell {
    const index = this.indexOf.get(key);
    return index === undefined ? EMPTY : cellOf(this.cells[index]);
  }

  hasError(key: string): boolean {
    return this.errors.some((error) => error.column === this.header(key));
  }

  error(key: string | null, message: string): void {
    if (this.refused) return;
    this.errors.push({ column: key === null ? null : this.header(key), message });
  }

  /**
   * A cell checked by `schema`: undefined when empty (or on error), null for the clear marker where
   * `clearable`, the parsed value otherwise. `required` cells may be neither empty nor cleared.
   */
  value<T>(
    key: string,
    schema: z.ZodType<T>,
    options: { required?: boolean; clearable?: boolean } = {},
  ): T | null | undefined {
    const cell = this.cell(key);
    if (cell.kind === 'empty') {
      if (options.required) this.error(key, 'Required');
      return undefined;
    }
    if (cell.kind === 'clear') {
      if (options.clearable) return null;
      this.error(key, options.required ? 'Required: this value cannot be cleared' : 'This value cannot be cleared');
      return undefined;
    }
    const parsed = schema.safeParse(cell.text);
    if (!parsed.success) {
      this.error(key, parsed.error.issues[0]?.message ?? 'Not valid');
      return undefined;
    }
    return parsed.data;
  }

  /** The row's cells by header, for the report of a bad row. */
  values(): Record<string, string> {
    return Object.fromEntries(this.sheet.columns.map((column, index) => [column, this.cells[index] ?? '']));
  }
}
