import { IMPORT_ACTIONS, type ImportReport } from '@portal/shared/custom-fields';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCount } from '@/lib/format';
import { cn } from '@/lib/utils';

type Action = (typeof IMPORT_ACTIONS)[number];

const ACTION_WORDS: Record<Action, { planned: string; done: string; variant: 'success' | 'default' | 'outline' }> = {
  create: { planned: 'Create', done: 'Created', variant: 'success' },
  update: { planned: 'Update', done: 'Updated', variant: 'default' },
  skip: { planned: 'Skip', done: 'Skipped', variant: 'outline' },
};

const COUNT_LABELS: Record<Action, { planned: string; done: string }> = {
  create: { planned: 'To create', done: 'Created' },
  update: { planned: 'To update', done: 'Updated' },
  skip: { planned: 'To skip', done: 'Skipped' },
};

type ImportReportViewProps = {
  report: ImportReport;
  /** A preview says what would happen; the import's report what did. */
  done: boolean;
  /** The name of a field's category: the target's, or the file's when it is left out. */
  categoryName: (entry: ImportReport['fields'][number]) => string;
};

/** Counts of an import (or its preview) and what happens to each field of the file, and why. */
export function ImportReportView({ report, done, categoryName }: ImportReportViewProps) {
  const counts: Record<Action, number> = { create: report.created, update: report.updated, skip: report.skipped };
  const tense = done ? 'done' : 'planned';
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-3 gap-3">
        {IMPORT_ACTIONS.map((action) => (
          <div key={action} className="rounded-lg border px-3 py-2">
            <dt className="text-xs text-muted-foreground">{COUNT_LABELS[action][tense]}</dt>
            <dd className="text-xl font-semibold tabular-nums">{formatCount(counts[action])}</dd>
          </div>
        ))}
      </dl>
      {report.fields.length > 0 && (
        <div className="overflow-hidden rounded-lg border">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Field</TableHead>
                <TableHead className="hidden sm:table-cell">Category</TableHead>
                <TableHead>Action</TableHead>
                <TableHead className="hidden md:table-cell">Reason</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {report.fields.map((entry) => {
                const words = ACTION_WORDS[entry.action];
                return (
                  <TableRow key={entry.index} className={cn(entry.action === 'skip' && 'text-muted-foreground')}>
                    <TableCell className="align-top">
                      <div className="font-medium text-foreground">{entry.label}</div>
                      <code className="text-xs text-muted-foreground">{entry.key}</code>
                      <div className="text-xs text-muted-foreground sm:hidden">{categoryName(entry)}</div>
                    </TableCell>
                    <TableCell className="hidden align-top sm:table-cell">{categoryName(entry)}</TableCell>
                    <TableCell className="align-top">
                      <Badge variant={words.variant}>{done ? words.done : words.planned}</Badge>
                      {entry.reason && <p className="mt-1 text-xs whitespace-normal md:hidden">{entry.reason}</p>}
                    </TableCell>
                    <TableCell className="hidden align-top whitespace-normal md:table-cell">
                      {entry.reason ?? '—'}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </div>
      )}
    </div>
  );
}
