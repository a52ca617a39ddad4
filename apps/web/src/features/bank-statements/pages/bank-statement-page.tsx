import {
  BANK_STATEMENT_MAX_BYTES,
  type BankStatementPreview,
  type BankStatementRecorded,
  type CsvMapping,
} from '@portal/shared/bank-statements';
import { formatMoney } from '@portal/shared/money';
import { CircleCheckIcon, FileTextIcon, LandmarkIcon, RotateCcwIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { FileDropZone } from '@/components/file-drop-zone';
import { FormAlert } from '@/components/form/form-alert';
import { PageHeader } from '@/components/layout/page-header';
import { RecordError, RecordSkeleton } from '@/components/record-state';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useEvent } from '@/features/events/api/get-event';
import { apiErrorBody } from '@/lib/api-core';
import { useConfirmBankStatement } from '../api/confirm-bank-statement';
import { usePreviewBankStatement } from '../api/preview-bank-statement';
import { CsvMappingForm } from '../components/csv-mapping-form';
import { StatementLines } from '../components/statement-lines';

/** Lines matched by an invoice number start ticked; a line matched by its amount alone waits for a tick. */
const preTicked = (preview: BankStatementPreview) =>
  new Set(preview.lines.filter((line) => line.status === 'matched' && line.matchedBy === 'reference').map((l) => l.key));

/** The server's refusal: its message, and the lines or fields it names. */
function Refusal({ error }: { error: unknown }) {
  const body = apiErrorBody(error);
  return (
    <div className="grid gap-2">
      <FormAlert message={body?.message ?? 'The statement could not be sent. Check the connection and try again.'} />
      {body?.details && body.details.length > 0 && body.details[0]!.message !== body.message && (
        <ul className="list-disc pl-6 text-sm text-destructive">
          {body.details.map((detail, index) => (
            <li key={index}>{detail.message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * /events/:eventId/bank-statement: an organiser reads a bank statement (CAMT.053 or CSV) against
 * the event's invoices, ticks the lines to record and records them as bank transfers.
 */
export function BankStatementPage() {
  const eventId = Number(useParams().eventId);
  const event = useEvent(eventId);
  const previewing = usePreviewBankStatement();
  const confirming = useConfirmBankStatement();
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<CsvMapping | null>(null);
  const [preview, setPreview] = useState<BankStatementPreview | null>(null);
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [asking, setAsking] = useState(false);
  const [recorded, setRecorded] = useState<BankStatementRecorded | null>(null);

  function read(chosen: File, chosenMapping: CsvMapping | null) {
    confirming.reset();
    previewing.mutate(
      { eventId, file: chosen, mapping: chosenMapping },
      {
        onSuccess: (result) => {
          setPreview(result);
          setTicked(preTicked(result));
        },
      },
    );
  }

  function choose(chosen: File) {
    setFile(chosen);
    setMapping(null);
    setPreview(null);
    setRecorded(null);
    if (chosen.size > BANK_STATEMENT_MAX_BYTES) {
      previewing.reset();
      return;
    }
    read(chosen, null);
  }

  function confirm() {
    if (!file) return;
    confirming.mutate(
      { eventId, file, mapping, lines: [...ticked] },
      {
        onSuccess: (result) => {
          setRecorded(result);
          setAsking(false);
        },
        onError: () => setAsking(false),
      },
    );
  }

  if (event.isPending) return <RecordSkeleton />;
  if (event.isError)
    return <RecordError error={event.error} noun="event" backTo={paths.events.href()} backLabel="Back to events" />;

  const eventHref = paths.event.href({ id: eventId });
  const tooLarge = file !== null && file.size > BANK_STATEMENT_MAX_BYTES;
  const tickedLines = preview?.lines.filter((line) => ticked.has(line.key)) ?? [];
  const tickedTotal = tickedLines.reduce((sum, line) => sum + (line.amount ?? 0), 0);
  const currency = preview?.eventCurrency ?? 'USD';
  const total = formatMoney(tickedTotal, currency);

  return (
    <>
      <PageHeader
        title="Bank statement"
        description={`Match the bank transfers received for ${event.data.name} to its invoices and record them as paid.`}
        back={{ to: eventHref, label: event.data.name }}
      />

      {recorded ? (
        <Card className="max-w-3xl">
          <CardContent className="grid gap-4 pt-5">
            <div className="flex items-start gap-3">
              <CircleCheckIcon aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
              <div>
                <h2 className="text-base font-semibold" role="status">
                  {recorded.recorded.length} {recorded.recorded.length === 1 ? 'payment' : 'payments'} recorded,{' '}
                  {formatMoney(recorded.totalAmount, recorded.currency)} in all
                </h2>
                <p className="text-sm text-muted-foreground">
                  The purchases are paid, their places added and the exhibitors told.
                </p>
              </div>
            </div>
            <ul className="grid gap-1 text-sm">
              {recorded.recorded.map((line) => (
                <li key={line.key}>
                  Line {line.lineNumber}: invoice <span className="font-medium">{line.invoiceNumber}</span>,{' '}
                  {formatMoney(line.amount, recorded.currency)} (reference {line.paymentReference})
                </li>
              ))}
            </ul>
            <div className="flex flex-wrap gap-2">
              <Link className={buttonVariants()} to={paths.allocationPurchases.href()}>
                Go to purchases
              </Link>
              <Button
                variant="outline"
                onClick={() => {
                  setRecorded(null);
                  setFile(null);
                  setPreview(null);
                }}
              >
                Read another statement
              </Button>
            </div>
          </CardContent>
        </Card>
      ) : (
        <div className="grid gap-6">
          <Card className="max-w-3xl">
            <CardContent className="grid gap-3 pt-5">
              <h2 id="statement-file-label" className="text-base font-semibold">
                Statement file
              </h2>
              <FileDropZone
                id="statement-file"
                labelledBy="statement-file-label"
                describedBy="statement-file-hint"
                accept=".xml,.csv,.txt,text/csv,application/xml,text/xml"
                icon={FileTextIcon}
                title={file ? file.name : 'Choose or drop a CAMT.053 (.xml) or CSV statement'}
                hint={file ? 'Choose another file to replace it' : 'Up to 5 MB and 10,000 lines'}
                onFile={choose}
                invalid={tooLarge || previewing.isError}
                disabled={previewing.isPending || confirming.isPending}
              />
              <p id="statement-file-hint" className="text-xs text-muted-foreground">
                Nothing is recorded until you tick lines and confirm. Reading the same statement again never records a
                line twice.
              </p>
              {tooLarge && <FormAlert message="The statement is larger than 5 MB; export a shorter period." />}
              {previewing.isPending && (
                <div className="flex items-center gap-2 text-sm text-muted-foreground">
                  <Spinner size="sm" label="Reading the statement" /> Reading the statement…
                </div>
              )}
              {previewing.isError && <Refusal error={previewing.error} />}
            </CardContent>
          </Card>

          {file && preview?.csv && (
            // A grid item as wide as its widest row otherwise: the rows scroll inside it instead.
            <Card className="min-w-0">
              <CardContent className="pt-5">
                <CsvMappingForm
                  key={file.name + file.size + file.lastModified}
                  layout={preview.csv}
                  pending={previewing.isPending}
                  onSubmit={(chosen) => {
                    setMapping(chosen);
                    read(file, chosen);
                  }}
                />
              </CardContent>
            </Card>
          )}

          {preview && !preview.needsMapping && (
            <div className="grid min-w-0 gap-4">
              {preview.lines.length === 0 ? (
                <EmptyState icon={LandmarkIcon} title="No lines in this statement" description="Check the file or the header row." />
              ) : (
                <StatementLines
                  preview={preview}
                  ticked={ticked}
                  onTick={(key, on) =>
                    setTicked((previous) => {
                      const next = new Set(previous);
                      if (on) next.add(key);
                      else next.delete(key);
                      return next;
                    })
                  }
                />
              )}
              {confirming.isError && (
                <div className="grid gap-2">
                  <Refusal error={confirming.error} />
                  <div>
                    <Button variant="outline" onClick={() => file && read(file, mapping)}>
                      <RotateCcwIcon aria-hidden />
                      Check the statement again
                    </Button>
                  </div>
                </div>
              )}
              <div className="sticky bottom-0 -mx-1 flex flex-wrap items-center gap-3 border-t bg-background/95 px-1 py-3 backdrop-blur">
                <Button disabled={tickedLines.length === 0 || confirming.isPending} onClick={() => setAsking(true)}>
                  Record {tickedLines.length} {tickedLines.length === 1 ? 'payment' : 'payments'}
                </Button>
                <span className="text-sm text-muted-foreground">{total} ticked</span>
              </div>
            </div>
          )}
        </div>
      )}

      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={`Record ${tickedLines.length} ${tickedLines.length === 1 ? 'payment' : 'payments'}?`}
        description={`${total} in all. Each ticked invoice is marked paid, its places are added and its exhibitor is emailed. The lines are checked again first: if any no longer matches, nothing is recorded.`}
        confirmLabel="Record payments"
        destructive={false}
        pending={confirming.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
