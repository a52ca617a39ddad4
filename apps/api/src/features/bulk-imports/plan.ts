import type { BulkImportReport, BulkRowAction, BulkRowReport } from '@portal/shared/bulk-imports';
import type { Database } from '../../db/client';
import type { SheetWarning } from './sheet';

/** What validating a file found, and how to write it when every row is good. */
export type ImportPlan = {
  rows: BulkRowReport[];
  warnings: SheetWarning[];
  capacity: BulkImportReport['capacity'];
  /** Writes every good row in the caller's transaction; called only when no row is bad. */
  write(tx: Database): Promise<void>;
};

/** A row as a kind plans it: the report's part, and what to write for it when it is good. */
export type PlannedRow<T> = { report: BulkRowReport; record?: T };

export function planned<T>(
  row: number,
  errors: BulkRowReport['errors'],
  values: () => Record<string, string>,
  action: BulkRowAction,
  record: T,
): PlannedRow<T> {
  return errors.length > 0
    ? { report: { row, action: null, errors, values: values() } }
    : { report: { row, action, errors: [] }, record };
}

/** Refuses a second row with the same key (an email, an external id), naming the first. */
export class DuplicateGuard {
  private readonly first = new Map<string, number>();

  check(key: string | null | undefined, row: number): string | null {
    if (!key) return null;
    const seen = this.first.get(key);
    if (seen !== undefined) return `Also in row ${seen}: each appears once in the file`;
    this.first.set(key, row);
    return null;
  }
}
