import {
  BANK_LINE_STATUS_LABELS,
  BANK_LINE_STATUSES,
  type BankLineStatus,
  type BankStatementLine,
  type BankStatementPreview,
} from '@portal/shared/bank-statements';
import { formatMoney } from '@portal/shared/money';
import { Badge } from '@/components/ui/badge';
import { Checkbox } from '@/components/ui/checkbox';
import { formatDate } from '@/lib/format';

const VARIANTS: Record<BankLineStatus, 'default' | 'secondary' | 'success' | 'destructive' | 'outline'> = {
  matched: 'success',
  ambiguous: 'default',
  amount_mismatch: 'destructive',
  already_paid: 'secondary',
  duplicate: 'secondary',
  currency_mismatch: 'destructive',
  unmatched: 'outline',
  not_a_credit: 'secondary',
};

export function BankLineStatusBadge({ status }: { status: BankLineStatus }) {
  return <Badge variant={VARIANTS[status]}>{BANK_LINE_STATUS_LABELS[status]}</Badge>;
}

/** What a line's tick says to a screen reader: which line pays which invoice. */
function tickLabel(line: BankStatementLine): string {
  const amount = line.amount === null ? '' : ` of ${formatMoney(line.amount, line.currency)}`;
  return `Record line ${line.lineNumber}${amount} as the payment of invoice ${line.purchase?.invoiceNumber ?? ''}`;
}

type StatementLinesProps = {
  preview: BankStatementPreview;
  ticked: ReadonlySet<string>;
  onTick: (key: string, ticked: boolean) => void;
};

/**
 * The lines of a statement with what each pays, or why it pays nothing. Only matched lines can be
 * ticked; a line matched by its amount alone is offered unticked and says so.
 */
export function StatementLines({ preview, ticked, onTick }: StatementLinesProps) {
  const counts = BANK_LINE_STATUSES.filter((status) => preview.summary[status] > 0);
  return (
    <section aria-labelledby="statement-lines-title" className="grid gap-4">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <h2 id="statement-lines-title" className="text-base font-semibold">
          {preview.lines.length} {preview.lines.length === 1 ? 'line' : 'lines'}
        </h2>
        <ul aria-label="Lines by result" className="flex flex-wrap gap-2">
          {counts.map((status) => (
            <li key={status} className="flex items-center gap-1 text-sm">
              <BankLineStatusBadge status={status} />
              <span>{preview.summary[status]}</span>
            </li>
          ))}
        </ul>
      </div>
      <ul className="grid gap-2">
        {preview.lines.map((line, index) => {
          const checkboxId = `bank-line-${index}`;
          const tickable = line.status === 'matched';
          return (
            <li
              key={`${line.key}-${index}`}
              className="grid grid-cols-[1.25rem_1fr] gap-x-3 gap-y-1 rounded-lg border bg-card p-3 text-sm"
            >
              <div className="pt-0.5">
                {tickable && (
                  <Checkbox
                    id={checkboxId}
                    aria-label={tickLabel(line)}
                    checked={ticked.has(line.key)}
                    onCheckedChange={(value) => onTick(line.key, value === true)}
                  />
                )}
              </div>
              <div className="grid min-w-0 gap-1">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="text-muted-foreground">#{line.lineNumber}</span>
                  {line.bookingDate && <span>{formatDate(line.bookingDate)}</span>}
                  <span className="font-medium tabular-nums">
                    {line.amount === null
                      ? '—'
                      : `${line.direction === 'debit' ? '−' : ''}${formatMoney(line.amount, line.currency || preview.eventCurrency)}`}
                  </span>
                  <BankLineStatusBadge status={line.status} />
                  {line.matchedBy === 'amount' && <Badge variant="outline">By amount only</Badge>}
                </div>
                {(line.payer || line.reference) && (
                  <p className="break-words text-muted-foreground">
                    {line.payer && <span className="font-medium text-foreground">{line.payer}</span>}
                    {line.payer && line.reference && ' · '}
                    {line.reference}
                  </p>
                )}
                <p>{line.reason}</p>
                {line.purchase && (
                  <p className="text-muted-foreground">
                    Invoice <span className="font-medium text-foreground">{line.purchase.invoiceNumber}</span>
                    {line.purchase.companyName && ` · ${line.purchase.companyName}`} · to pay{' '}
                    {formatMoney(line.purchase.amountToPay, preview.eventCurrency)}
                  </p>
                )}
                {line.candidates.length > 0 && (
                  <p className="text-muted-foreground">
                    Could be:{' '}
                    {line.candidates.map((c) => `${c.invoiceNumber}${c.companyName ? ` (${c.companyName})` : ''}`).join(', ')}
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
