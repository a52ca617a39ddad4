import type { BulkRowReport } from '@portal/shared/bulk-imports';
import { bulkSendRowSchema, type BulkSendRow } from '@portal/shared/bulk-send';
import type { SheetRow } from './bulk-send.spreadsheet';

export type CheckedRow = {
  row: number;
  values: SheetRow['values'];
  recipient: BulkSendRow | null;
  errors: BulkRowReport['errors'];
};

/** Each row against the row schema, and every later row of an address already in the file. */
export function checkRows(rows: SheetRow[]): CheckedRow[] {
  const firstRowOf = new Map<string, number>();
  return rows.map(({ row, values }) => {
    const parsed = bulkSendRowSchema.safeParse(values);
    if (!parsed.success) {
      const errors = parsed.error.issues.map((issue) => ({
        column: String(issue.path[0] ?? '') || null,
        message: issue.message,
      }));
      return { row, values, recipient: null, errors };
    }
    const earlier = firstRowOf.get(parsed.data.email);
    if (earlier != null)
      return { row, values, recipient: null, errors: [{ column: 'email', message: `Also in row ${earlier}` }] };
    firstRowOf.set(parsed.data.email, row);
    return { row, values, recipient: parsed.data, errors: [] };
  });
}

/**
 * Marks the rows of addresses that already hold a badge or an open link of the category, then
 * every good row beyond the places left, in file order. `needed` is the places the rows that pass
 * every other check would take.
 */
export function applyEventChecks(
  rows: CheckedRow[],
  {
    withBadge,
    withOpenLink,
    available,
  }: { withBadge: ReadonlySet<string>; withOpenLink: ReadonlySet<string>; available: number },
): { rows: CheckedRow[]; needed: number } {
  let needed = 0;
  const checked = rows.map((row) => {
    if (!row.recipient) return row;
    const email = row.recipient.email;
    let error: string | null = null;
    if (withBadge.has(email)) error = 'Already has a badge of this category';
    else if (withOpenLink.has(email)) error = 'Already has an open registration link of this category';
    else if (++needed > available) error = `Over the allocation: ${available} place${available === 1 ? '' : 's'} left`;
    return error ? { ...row, recipient: null, errors: [{ column: 'email', message: error }] } : row;
  });
  return { rows: checked, needed };
}

export function reportRows(rows: CheckedRow[]): BulkRowReport[] {
  return rows
    .filter((checked) => checked.errors.length > 0)
    .map(({ row, errors, values }) => ({ row, action: null, errors, values }));
}
