import type { BulkImportReport, BulkRowAction, BulkRowReport } from '@portal/shared/bulk-imports';
import type { Database } from '../../db/client';
import type { SheetWarning } from './sheet';

/** What validating a file found, and how to write it when every row is good. */
export type ImportPlan = {
  rows: BulkRowReport[];
  warnings: SheetWarning[];
  capacity: BulkImportReport['capacity'];
  /**
   * What can be done before the import's transaction, so that it stays short: ids drawn, mails
   * rendered. Answers the writes of every good row, for the caller's transaction; called only when
   * no row is bad.
   */
  prepare(db: Database): Promise<(tx: Database) => Promise<void>>;
  /**
   * In the import's transaction: whether what the plan was made from is still what is stored
   * (the records its rows match, the places left), locking what it counts on. When it is not,
   * the caller plans again inside the transaction.
   */
  holds(tx: Database): Promise<boolean>;
};

/**
 * What a report says of an address it cannot take because another record holds it: the same
 * words whoever holds it (another exhibitor's badge, an account of another event, the caller's
 * own), so that a report never tells one exhibitor anything of another's people.
 */
export const ADDRESS_UNAVAILABLE = {
  badge: 'This address cannot be used in this badge category; use another address',
  account: 'This address cannot be used for a new account; use another address',
} as const;

/** Whether two snapshots of stored records are the same, whatever the order of their keys. */
export const sameSnapshot = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

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
