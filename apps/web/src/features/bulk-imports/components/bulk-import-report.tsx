import type { BulkImportReport, BulkRowAction, BulkRowReport } from '@portal/shared/bulk-imports';
import { CircleAlertIcon, CircleCheckIcon, TriangleAlertIcon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';

const ENCODING_LABELS: Record<string, string> = {
  'utf-8': 'UTF-8',
  'utf-8-bom': 'UTF-8 with byte-order mark',
  'windows-1252': 'Windows-1252 (Western European)',
  'iso-8859-1': 'Latin-1 (ISO-8859-1)',
};

/** How a row's outcome reads: what importing will do (validate) or did (import). */
const ACTION_LABELS: Record<BulkRowAction, { will: string; did: string }> = {
  create: { will: 'Create', did: 'Created' },
  update: { will: 'Update', did: 'Updated' },
  unchanged: { will: 'Unchanged', did: 'Unchanged' },
};

/** Rows shown at once: a file may hold 50,000, more than a page should render. */
const ROWS_AT_ONCE = 25;

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

function RowResult({ row, done }: { row: BulkRowReport; done: boolean }) {
  if (row.action == null) {
    return (
      <Badge variant="destructive">
        <CircleAlertIcon aria-hidden />
        Needs a fix
      </Badge>
    );
  }
  const label = ACTION_LABELS[row.action][done ? 'did' : 'will'];
  return (
    <Badge variant={row.action === 'create' ? 'default' : row.action === 'update' ? 'secondary' : 'outline'}>
      {label}
    </Badge>
  );
}

function Problem({ message }: { message: string }) {
  return (
    <span className="flex items-start gap-1 text-xs font-medium text-destructive">
      <CircleAlertIcon aria-hidden className="mt-px size-3.5 shrink-0" />
      <span>
        <span className="sr-only">Problem: </span>
        {message}
      </span>
    </span>
  );
}

/** The report's figures, the file's notes and the table of rows, bad ones first to see. */
export function BulkImportReportView({ report }: { report: BulkImportReport }) {
  const done = report.imported;
  const [onlyProblems, setOnlyProblems] = useState(report.invalidRows > 0);
  const [shown, setShown] = useState(ROWS_AT_ONCE);
  const rows = onlyProblems ? report.rows.filter((row) => row.action == null) : report.rows;
  const visible = rows.slice(0, shown);
  const showCells = visible.some((row) => row.values !== undefined || row.errors.length > 0);
  const columns = showCells ? report.columns : [];
  const capacity = report.capacity;
  const overCapacity = capacity != null && capacity.available != null && capacity.needed > capacity.available;

  const figures = [
    { label: 'Rows', value: report.totalRows },
    { label: done ? 'Created' : 'To create', value: report.created },
    { label: done ? 'Updated' : 'To update', value: report.updated },
    { label: 'Unchanged', value: report.unchanged },
    { label: 'With problems', value: report.invalidRows, bad: report.invalidRows > 0 },
  ];

  return (
    <div className="grid grid-cols-1 gap-5">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {figures.map((figure) => (
          <div
            key={figure.label}
            className={cn('rounded-md border px-3 py-2', figure.bad && 'border-destructive/40 bg-destructive/8')}
          >
            <dt className={cn('text-xs text-muted-foreground', figure.bad && 'text-destructive')}>{figure.label}</dt>
            <dd className={cn('text-lg font-semibold tabular-nums', figure.bad && 'text-destructive')}>
              {figure.value.toLocaleString('en')}
            </dd>
          </div>
        ))}
      </dl>

      <ul className="grid gap-1.5 text-sm">
        <li className="text-muted-foreground">
          Read {report.fileName} as {report.format === 'csv' ? 'CSV' : 'an Excel workbook'}
          {report.encoding ? ` in ${ENCODING_LABELS[report.encoding] ?? report.encoding}` : ''}.
        </li>
        {capacity && (
          <li className={cn('flex items-start gap-2', overCapacity && 'font-medium text-destructive')}>
            {overCapacity ? (
              <CircleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
            ) : (
              <CircleCheckIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
            )}
            <span>
              {capacity.available == null
                ? `Places needed: ${capacity.needed.toLocaleString('en')}; this category has no limit.`
                : `Places needed: ${capacity.needed.toLocaleString('en')} of ${capacity.available.toLocaleString('en')} left in the allocation.`}
              {overCapacity &&
                ` Remove ${count(capacity.needed - capacity.available!, 'row')} or ask for more places first.`}
            </span>
          </li>
        )}
      </ul>

      {report.warnings.length > 0 && (
        <section
          aria-labelledby="bulk-import-warnings"
          className="rounded-md border border-warning/40 bg-warning/8 p-3"
        >
          <h3 id="bulk-import-warnings" className="flex items-center gap-2 text-sm font-medium">
            <TriangleAlertIcon aria-hidden className="size-4 text-warning" />
            {count(report.warnings.length, 'note')} on the file
          </h3>
          <ul className="mt-2 grid gap-1 pl-6 text-sm">
            {report.warnings.map((warning, index) => (
              <li key={index} className="list-disc">
                {[warning.row != null && `Row ${warning.row}`, warning.column && `column ${warning.column}`]
                  .filter(Boolean)
                  .join(', ')}
                {(warning.row != null || warning.column) && ': '}
                {warning.message}
              </li>
            ))}
          </ul>
        </section>
      )}

      {report.rows.length > 0 && (
        <section aria-labelledby="bulk-import-rows" className="grid grid-cols-1 gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id="bulk-import-rows" className="text-sm font-medium">
              {onlyProblems ? `Rows with problems (${report.invalidRows.toLocaleString('en')})` : `Every row`}
            </h3>
            {report.invalidRows > 0 && report.invalidRows < report.rows.length && (
              <Button
                variant="outline"
                size="sm"
                aria-pressed={!onlyProblems}
                onClick={() => {
                  setOnlyProblems(!onlyProblems);
                  setShown(ROWS_AT_ONCE);
                }}
              >
                {onlyProblems ? 'Show every row' : 'Show only rows with problems'}
              </Button>
            )}
          </div>
          {/* Wide files scroll sideways: the region takes the focus so that the keyboard scrolls it too.
              It is the containing block of the cells' screen-reader text (absolutely placed), which
              would otherwise widen the page past the region's edge. */}
          <div
            role="region"
            aria-labelledby="bulk-import-rows"
            tabIndex={0}
            className="relative overflow-x-auto rounded-md border focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <table aria-labelledby="bulk-import-rows" className="w-full text-sm">
              <TableHeader>
                <TableRow>
                  <TableHead className="w-16 normal-case">Row</TableHead>
                  <TableHead className="normal-case">{done ? 'Result' : 'Will be'}</TableHead>
                  {columns.map((column) => (
                    <TableHead key={column} className="normal-case">
                      {column}
                    </TableHead>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {visible.map((row) => {
                  const known = new Set(columns);
                  const rowProblems = row.errors.filter((error) => error.column == null || !known.has(error.column));
                  return (
                    <TableRow key={row.row} aria-invalid={row.action == null || undefined}>
                      <TableCell className="align-top tabular-nums">{row.row}</TableCell>
                      <TableCell className="min-w-40 align-top">
                        <div className="grid justify-items-start gap-1.5">
                          <RowResult row={row} done={done} />
                          {rowProblems.map((error, index) => (
                            <Problem
                              key={index}
                              message={error.column ? `${error.column}: ${error.message}` : error.message}
                            />
                          ))}
                        </div>
                      </TableCell>
                      {row.values === undefined && columns.length > 0 ? (
                        <TableCell colSpan={columns.length} className="align-top text-muted-foreground">
                          {row.action == null ? '' : 'No problem'}
                        </TableCell>
                      ) : (
                        columns.map((column) => {
                          const problems = row.errors.filter((error) => error.column === column);
                          const value = row.values?.[column] ?? '';
                          return (
                            <TableCell
                              key={column}
                              className={cn(
                                'max-w-64 min-w-28 align-top break-words',
                                problems.length > 0 && 'border-l-2 border-l-destructive bg-destructive/8',
                              )}
                            >
                              <div className="grid gap-1">
                                {value === '' ? (
                                  problems.length > 0 && (
                                    <span className="text-xs text-muted-foreground italic">empty</span>
                                  )
                                ) : (
                                  <span>{value}</span>
                                )}
                                {problems.map((error, index) => (
                                  <Problem key={index} message={error.message} />
                                ))}
                              </div>
                            </TableCell>
                          );
                        })
                      )}
                    </TableRow>
                  );
                })}
              </TableBody>
            </table>
          </div>
          {rows.length > shown && (
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
              <span>
                Showing {shown.toLocaleString('en')} of {rows.length.toLocaleString('en')} rows.
              </span>
              <Button variant="outline" size="sm" onClick={() => setShown(shown + ROWS_AT_ONCE)}>
                Show {Math.min(ROWS_AT_ONCE, rows.length - shown)} more
              </Button>
            </div>
          )}
        </section>
      )}
    </div>
  );
}
