import { diffFields } from '@portal/shared/audit';
import { cn } from '@/lib/utils';

/** A value as the diff shows it: text as it is, anything else as JSON, nothing as a dash. */
export function formatValue(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') return value === '' ? '“”' : value;
  return JSON.stringify(value);
}

type AuditDiffProps = { before: Record<string, unknown> | null; after: Record<string, unknown> | null };

/**
 * An entry's record field by field: the fields it changed first, highlighted, with the value before
 * and after; the fields it left as they were folded away below, for context on request.
 */
export function AuditDiff({ before, after }: AuditDiffProps) {
  const fields = diffFields(before, after);
  const changed = fields.filter((field) => field.changed);
  const unchanged = fields.filter((field) => !field.changed);
  if (fields.length === 0) return <p className="text-sm text-muted-foreground">This entry recorded no fields.</p>;

  // A fixed layout gives the values before and after equal widths, so neither is squeezed to a
  // few letters a line by a long value beside it on a phone.
  const rows = (list: typeof fields, highlight: boolean) => (
    <div className="overflow-x-auto">
      <table className="w-full table-fixed text-sm">
        <colgroup>
          <col className="w-24 sm:w-44" />
          <col />
          {highlight && <col />}
        </colgroup>
        <thead className="sr-only">
          <tr>
            <th scope="col">Field</th>
            <th scope="col">{highlight ? 'Before' : 'Value'}</th>
            {highlight && <th scope="col">After</th>}
          </tr>
        </thead>
        <tbody>
          {list.map((field) => (
            <tr
              key={field.field}
              data-changed={field.changed || undefined}
              className={cn('border-b last:border-0 align-top', highlight && 'bg-amber-50 dark:bg-amber-950/30')}
            >
              <th scope="row" className="py-1.5 pr-3 pl-2 text-left font-medium wrap-anywhere">
                {field.field}
              </th>
              <td className={cn('py-1.5 pr-3 wrap-anywhere', highlight && 'text-destructive line-through decoration-1')}>
                {highlight && <span className="sr-only">Before: </span>}
                {formatValue(field.before)}
              </td>
              {highlight && (
                <td className="py-1.5 wrap-anywhere text-success">
                  <span className="sr-only">After: </span>
                  {formatValue(field.after)}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );

  return (
    <div className="space-y-2">
      {changed.length > 0 ? (
        <section aria-label="Changed fields">{rows(changed, true)}</section>
      ) : (
        <p className="text-sm text-muted-foreground">No field changed.</p>
      )}
      {unchanged.length > 0 && (
        <details className="rounded-md border px-3 py-1.5">
          <summary className="cursor-pointer text-sm text-muted-foreground">
            {unchanged.length} unchanged {unchanged.length === 1 ? 'field' : 'fields'}
          </summary>
          <section aria-label="Unchanged fields" className="mt-1">
            {rows(unchanged, false)}
          </section>
        </details>
      )}
    </div>
  );
}
