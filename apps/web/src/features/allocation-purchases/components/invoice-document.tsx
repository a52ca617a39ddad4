import type { BillingDocument } from '@portal/shared/allocation-purchases';
import { documentFigures } from '@portal/shared/billing-documents';
import { addressLines } from '@portal/shared/invoicing';
import { formatInvoiceAmount } from '@portal/shared/money';
import { showsVat, taxNotes, taxRowLabel, type TaxRow } from '@portal/shared/vat';
import { BlobImage } from '@/components/blob-image';
import { cn } from '@/lib/utils';

const STATUS_CLASSES: Record<BillingDocument['status'], string> = {
  PAID: 'border-success text-success',
  PENDING: 'border-amber-600 text-amber-700 dark:border-amber-400 dark:text-amber-300',
  CANCELLED: 'border-destructive text-destructive',
  CREDITED: 'border-primary text-primary',
};

/** Issue dates as on paper: the same text for every reader, whatever the browser's language. */
const issueDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** "10 March 2027", or "10 March 2027 – 12 March 2027" for a show of several days. */
function supplyText({ start, end }: { start: string; end: string }): string {
  return start === end
    ? issueDate.format(new Date(start))
    : `${issueDate.format(new Date(start))} – ${issueDate.format(new Date(end))}`;
}

/**
 * An invoice or a credit note as issued (spec §3): event, number, date, bill-to, one line, total
 * amount, PAID, PENDING or CANCELLED, notes. The screen and the PDF draw this same component.
 * `logo` is the issuer logo frozen with the document, already fetched (`useDocumentLogo`).
 */
export function InvoiceDocument({
  document,
  logo,
  page = false,
}: {
  document: BillingDocument;
  logo?: Blob | null;
  page?: boolean;
}) {
  const figures = documentFigures(document);
  // On an A4 page the layout is fixed: a PDF made on a phone is the same as one made on a desktop.
  const cell = page ? 'px-2' : 'px-1 sm:px-2';
  const isCreditNote = document.kind === 'credit_note';
  const title = isCreditNote ? 'Credit note' : 'Invoice';
  const { vatNumber } = document.billTo;
  const address = addressLines(document.billTo).join('\n');
  const issuer = document.issuer;
  const supply = document.supplyPeriod && supplyText(document.supplyPeriod);
  // Documents of an event without VAT keep the spec's layout; the others add the EN 16931 breakdown.
  const taxed = showsVat(document.tax);
  const money = (minorUnits: number) => formatInvoiceAmount(minorUnits, document.currency);
  const totalLabel = isCreditNote ? 'Total credited' : 'Total amount';
  return (
    <article
      aria-label={`${title} ${document.number}`}
      className={cn(
        'flex flex-col gap-8 bg-card text-card-foreground',
        page ? 'min-h-[1123px] p-14 text-[13px]' : 'p-4 text-sm sm:p-10',
      )}
    >
      <header className="flex flex-wrap items-start justify-between gap-4 border-b pb-6">
        <div>
          {logo && (
            // Fitted into 140 × 50 pt at its own proportions, as on the server's PDF.
            <BlobImage
              blob={logo}
              alt={issuer?.name ? `${issuer.name} logo` : 'Issuer logo'}
              className="mb-4 h-auto max-h-[50pt] w-auto max-w-[140pt]"
            />
          )}
          <h2 className="text-2xl font-semibold tracking-tight uppercase">{title}</h2>
          <p className="mt-1 text-muted-foreground">{figures.eventName}</p>
        </div>
        <dl className="grid grid-cols-[auto_auto] gap-x-4 gap-y-1 text-right">
          <dt className="text-muted-foreground">{isCreditNote ? 'Credit note ID' : 'Invoice ID'}</dt>
          <dd className="font-medium">{document.number}</dd>
          <dt className="text-muted-foreground">Date</dt>
          <dd>{issueDate.format(new Date(document.issuedAt))}</dd>
          <dt className="text-muted-foreground">Event</dt>
          <dd>{figures.eventName}</dd>
          {supply && (
            <>
              <dt className="text-muted-foreground">Supply date</dt>
              <dd>{supply}</dd>
            </>
          )}
          {document.status === 'PENDING' && document.dueDate && (
            <>
              <dt className="text-muted-foreground">Due date</dt>
              <dd>{issueDate.format(new Date(document.dueDate))}</dd>
            </>
          )}
          {document.paidAt && (
            <>
              <dt className="text-muted-foreground">Paid on</dt>
              <dd>{issueDate.format(new Date(document.paidAt))}</dd>
            </>
          )}
          {document.creditedInvoiceNumber && (
            <>
              <dt className="text-muted-foreground">Credits invoice</dt>
              <dd>{document.creditedInvoiceNumber}</dd>
            </>
          )}
        </dl>
      </header>

      <div className="grid gap-6 sm:grid-cols-2">
        {issuer && (
          <section aria-label="Issued by">
            <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Issued by</h3>
            {issuer.name && <p className="mt-2 font-medium">{issuer.name}</p>}
            {addressLines(issuer).map((line) => (
              <p key={line} className="whitespace-pre-line">
                {line}
              </p>
            ))}
            {issuer.country && <p>{issuer.country}</p>}
            {issuer.vatId && <p className="text-muted-foreground">VAT {issuer.vatId}</p>}
            {issuer.registrationNumber && <p className="text-muted-foreground">Reg. no. {issuer.registrationNumber}</p>}
            {issuer.iban && (
              <p className="text-muted-foreground">
                IBAN {issuer.iban}
                {issuer.bic && ` · BIC ${issuer.bic}`}
              </p>
            )}
            {(issuer.contactName || issuer.email || issuer.phone) && (
              <p className="text-muted-foreground">
                {[issuer.contactName, issuer.email, issuer.phone].filter(Boolean).join(' · ')}
              </p>
            )}
          </section>
        )}
        <section aria-label="Bill to">
          <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Bill to</h3>
          <p className="mt-2 font-medium">{figures.companyName}</p>
          <p>{figures.contactName}</p>
          <p>{figures.email}</p>
          {address && <p className="whitespace-pre-line text-muted-foreground">{address}</p>}
          {taxed && document.billTo.country && <p className="text-muted-foreground">{document.billTo.country}</p>}
          {vatNumber && <p className="text-muted-foreground">VAT {vatNumber}</p>}
          {document.buyerReference && <p className="text-muted-foreground">Your reference {document.buyerReference}</p>}
        </section>
      </div>

      <table className={cn('w-full border-collapse text-left', page ? 'text-[13px]' : 'text-xs sm:text-sm')}>
        <thead>
          <tr
            className={cn(
              'border-b text-muted-foreground uppercase',
              page ? 'text-xs tracking-wide' : 'text-[11px] sm:text-xs sm:tracking-wide',
            )}
          >
            <th scope="col" className="py-2 pr-2 font-semibold">
              Description
            </th>
            <th scope="col" className={cn(cell, 'py-2 text-right font-semibold')}>
              Quantity
            </th>
            <th scope="col" className={cn(cell, 'py-2 text-right font-semibold')}>
              Unit price
            </th>
            <th scope="col" className="py-2 pl-2 text-right font-semibold">
              {taxed ? 'Net amount' : 'Total'}
            </th>
          </tr>
        </thead>
        <tbody>
          <tr className="border-b">
            <td className="py-3 pr-2">{figures.description}</td>
            <td className={cn(cell, 'py-3 text-right tabular-nums')}>{figures.quantity}</td>
            <td className={cn(cell, 'py-3 text-right tabular-nums')}>{money(figures.unitPrice)}</td>
            <td className="py-3 pl-2 text-right tabular-nums">{money(figures.total)}</td>
          </tr>
        </tbody>
      </table>

      {taxed && <VatBreakdown rows={document.tax.breakdown} money={money} cell={cell} page={page} />}

      <div className={cn('flex flex-wrap justify-between gap-4', taxed ? 'items-end' : 'items-center')}>
        <p className="flex items-center gap-3">
          <span className="text-muted-foreground">{isCreditNote ? 'Status' : 'Payment status'}</span>
          <span
            className={cn(
              'rounded-md border-2 px-3 py-1 text-base font-bold tracking-widest',
              STATUS_CLASSES[figures.status],
            )}
          >
            {figures.status}
          </span>
        </p>
        {taxed ? (
          <dl className="ml-auto grid grid-cols-[auto_auto] items-baseline gap-x-6 gap-y-1 text-right">
            <dt className="text-muted-foreground">Total net</dt>
            <dd className="tabular-nums">{money(document.tax.net)}</dd>
            <dt className="text-muted-foreground">VAT</dt>
            <dd className="tabular-nums">{money(document.tax.tax)}</dd>
            <dt className="text-muted-foreground">{totalLabel}</dt>
            <dd className="text-xl font-semibold tabular-nums">{money(figures.totalAmount)}</dd>
          </dl>
        ) : (
          <p className="text-right">
            <span className="mr-3 text-muted-foreground">{totalLabel}</span>
            <span className="text-xl font-semibold tabular-nums">{money(figures.totalAmount)}</span>
          </p>
        )}
      </div>

      {taxed && <VatNotes notes={taxNotes(document.tax)} />}
      {document.cancelledByCreditNoteNumber && (
        <p className="rounded-md border border-destructive/40 px-3 py-2 text-destructive">
          Cancelled by credit note {document.cancelledByCreditNoteNumber}
          {document.replacedByInvoiceNumber ? `; invoice ${document.replacedByInvoiceNumber} replaces it.` : '.'}
        </p>
      )}
      {document.notes && (
        <section aria-label="Notes">
          <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Notes</h3>
          <p className="mt-2 whitespace-pre-line">{document.notes}</p>
        </section>
      )}
      {document.footer && (
        <footer className="mt-auto border-t pt-4 text-xs whitespace-pre-line text-muted-foreground">{document.footer}</footer>
      )}
    </article>
  );
}

/** Net, VAT and gross per rate, as EN 16931 asks of an invoice with VAT. */
function VatBreakdown({
  rows,
  money,
  cell,
  page,
}: {
  rows: readonly TaxRow[];
  money: (minorUnits: number) => string;
  cell: string;
  page: boolean;
}) {
  return (
    <table
      aria-label="VAT breakdown"
      // A summary beside the totals, not a second list of lines: it sits at the right from small screens up.
      className={cn(
        'ml-auto w-full border-collapse text-left',
        page ? 'max-w-[440px] text-[13px]' : 'text-xs sm:max-w-md sm:text-sm',
      )}
    >
      <thead>
        <tr
          className={cn(
            'border-b text-muted-foreground uppercase',
            page ? 'text-xs tracking-wide' : 'text-[11px] sm:text-xs sm:tracking-wide',
          )}
        >
          <th scope="col" className="py-2 pr-2 font-semibold">
            Rate
          </th>
          <th scope="col" className={cn(cell, 'py-2 text-right font-semibold')}>
            Net
          </th>
          <th scope="col" className={cn(cell, 'py-2 text-right font-semibold')}>
            VAT
          </th>
          <th scope="col" className="py-2 pl-2 text-right font-semibold">
            Gross
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.category}-${row.rate}`} className="border-b">
            <td className="py-2 pr-2">{taxRowLabel(row)}</td>
            <td className={cn(cell, 'py-2 text-right tabular-nums')}>{money(row.net)}</td>
            <td className={cn(cell, 'py-2 text-right tabular-nums')}>{money(row.tax)}</td>
            <td className="py-2 pl-2 text-right tabular-nums">{money(row.net + row.tax)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Why a rate charges no VAT: the reverse charge's wording, the event's exemption text. */
function VatNotes({ notes }: { notes: readonly string[] }) {
  if (notes.length === 0) return null;
  return (
    <section aria-label="VAT notes" className="grid gap-1">
      {notes.map((note) => (
        <p key={note}>{note}</p>
      ))}
    </section>
  );
}
