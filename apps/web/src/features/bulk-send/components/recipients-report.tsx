import type { BulkSendReport } from '@portal/shared/bulk-send';
import { CircleCheckIcon, CircleAlertIcon } from 'lucide-react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDate } from '@/lib/format';

/** What a check or a send found: totals, the places against the allocation, and each bad row with its reasons. */
export function RecipientsReport({ report }: { report: BulkSendReport }) {
  const good = report.totalRows - report.invalidRows;
  const fits = report.capacity.needed <= report.capacity.available;
  return (
    <section aria-label="Check of the file" className="grid gap-3">
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <Figure label="Recipients" value={report.totalRows} />
        <Figure label="Ready to send" value={good} />
        <Figure label="With problems" value={report.invalidRows} tone={report.invalidRows ? 'bad' : undefined} />
        <Figure
          label="Places left"
          value={report.capacity.available}
          tone={fits ? undefined : 'bad'}
          hint={`${report.capacity.needed} needed`}
        />
      </dl>
      {report.sent > 0 ? (
        <p role="status" className="flex items-start gap-2 text-sm text-success">
          <CircleCheckIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
          {report.sent} registration link{report.sent === 1 ? '' : 's'} sent; each works once, until{' '}
          {formatDate(report.expiresAt)}. The mails go out through the outbox.
        </p>
      ) : report.invalidRows === 0 ? (
        <p role="status" className="flex items-start gap-2 text-sm">
          <CircleCheckIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
          Every row is fine: nothing has been sent yet.
        </p>
      ) : (
        <p role="alert" className="flex items-start gap-2 text-sm text-destructive">
          <CircleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
          Correct the rows below and choose the file again: nothing is sent while any row has a problem.
        </p>
      )}
      {report.rows.length > 0 && (
        <div className="relative overflow-x-auto rounded-md border">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead className="w-16">Row</TableHead>
                <TableHead>Recipient</TableHead>
                <TableHead>Problem</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {report.rows.map((row) => (
                <TableRow key={row.row}>
                  <TableCell className="align-top tabular-nums">{row.row}</TableCell>
                  <TableCell className="align-top break-all">
                    {row.values?.email || <span className="text-muted-foreground">(no email)</span>}
                    <div className="text-xs text-muted-foreground">
                      {[row.values?.firstName, row.values?.lastName].filter(Boolean).join(' ')}
                    </div>
                  </TableCell>
                  <TableCell className="align-top text-destructive">
                    {row.errors.map((error) => (
                      <div key={`${error.column}:${error.message}`}>
                        {error.column ? <span className="font-medium">{error.column}: </span> : null}
                        {error.message}
                      </div>
                    ))}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  );
}

function Figure({ label, value, hint, tone }: { label: string; value: number; hint?: string; tone?: 'bad' }) {
  return (
    <div className="rounded-md border px-3 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={tone === 'bad' ? 'text-lg font-semibold text-destructive' : 'text-lg font-semibold'}>
        {value}
        {hint && <span className="ml-1 text-xs font-normal text-muted-foreground">({hint})</span>}
      </dd>
    </div>
  );
}
