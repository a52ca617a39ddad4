import {
  BULK_IMPORT_CLEAR_MARKER,
  BULK_IMPORT_MAX_BYTES,
  BULK_IMPORT_MAX_ROWS,
  type BulkImportFields,
  type BulkImportKind,
  type BulkImportReport,
} from '@portal/shared/bulk-imports';
import { CircleAlertIcon, CircleCheckIcon, DownloadIcon, RotateCcwIcon, UploadIcon } from 'lucide-react';
import { isAxiosError } from 'axios';
import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form/form-alert';
import { SpreadsheetDropZone } from '@/components/spreadsheets/spreadsheet-drop-zone';
import { spreadsheetFileProblem } from '@/components/spreadsheets/spreadsheet-file';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useDownloadBulkImportReport, useDownloadBulkImportTemplate } from '../api/download-bulk-import-file';
import {
  refusedImportReport,
  timedOut,
  useImportBulkImport,
  useValidateBulkImport,
  type BulkImportUpload,
} from '../api/upload-bulk-import';
import { BulkImportReportView } from './bulk-import-report';
import { ImportProgress } from './import-progress';

export type BulkImportFlowProps = {
  kind: BulkImportKind;
  /** The fields sent beside the file; null while a choice of the page (the category) is missing. */
  fields: Omit<BulkImportFields, 'step'> | null;
  /** What to choose first when `fields` is null. */
  missingChoice?: string;
  /** What a row is, in the singular and the plural: "exhibitor", "exhibitors". */
  noun: { one: string; many: string };
  /** The list the rows land in, linked from the result. */
  list: { to: string; label: string };
  /** What the template holds for this kind, under the download button. */
  templateHint: ReactNode;
};

/** The step's number, for the eye: the headings read as they are without it. */
function StepNumber({ n }: { n: number }) {
  return (
    <span
      aria-hidden
      className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary"
    >
      {n}
    </span>
  );
}

const IMPORT_LIMITS = { maxBytes: BULK_IMPORT_MAX_BYTES, maxRows: BULK_IMPORT_MAX_ROWS };

const rowsOf = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'row' : 'rows'}`;

/** The server's reason when a file cannot be read at all (413, 415, 400); otherwise what went wrong. */
function validationProblem(error: unknown): string {
  if (timedOut(error)) return 'Checking the file took longer than 60 s. Try again, or split it into smaller files.';
  // A proxy in front of the portal may refuse a large upload with a page of its own rather than the API's body.
  const status = isAxiosError(error) ? error.response?.status : undefined;
  const fallback =
    status === 413
      ? 'The file is larger than the server accepts (10 MB). Split it into smaller files.'
      : status === 415
        ? 'The file is not an .xlsx or .csv spreadsheet.'
        : 'The file could not be checked. Try again in a moment.';
  return errorMessage(error, fallback);
}

function importProblem(error: unknown): string {
  if (timedOut(error)) {
    return 'The import did not answer within 60 s. It writes all rows or none: look at the list before importing again.';
  }
  return errorMessage(error, 'The import failed; nothing was written. Try again in a moment.');
}

/**
 * The one import flow of every bulk-import screen: download the template, choose a file, read the
 * check of every row, fix and choose the file again, then import it all at once.
 */
export function BulkImportFlow({ kind, fields, missingChoice, noun, list, templateHint }: BulkImportFlowProps) {
  const template = useDownloadBulkImportTemplate();
  const validation = useValidateBulkImport();
  const importing = useImportBulkImport();
  const errorReport = useDownloadBulkImportReport();
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  // A badge import emails each new badge to its holder unless told not to.
  const mailsBadges = kind === 'exhibitor-users';
  const [sendConfirmation, setSendConfirmation] = useState(true);
  const inputRef = useRef<HTMLDivElement>(null);
  const reportHeading = useRef<HTMLHeadingElement>(null);

  const upload: BulkImportUpload | null = file && fields ? { kind, fields, file } : null;
  const refused = importing.isError ? refusedImportReport(importing.error) : null;
  const report: BulkImportReport | undefined = refused ?? validation.data;
  const toWrite = report ? report.created + report.updated : 0;
  const importable = report != null && refused == null && report.invalidRows === 0 && toWrite > 0;

  function startOver() {
    validation.reset();
    importing.reset();
    errorReport.reset();
    setFile(null);
    setFileProblem(null);
  }

  function chooseFile(chosen: File) {
    startOver();
    setFile(chosen);
    const problem = spreadsheetFileProblem(chosen, IMPORT_LIMITS);
    if (problem) {
      setFileProblem(problem);
      return;
    }
    if (!fields) return;
    validation.mutate(
      { kind, fields, file: chosen },
      {
        onSuccess: () => requestAnimationFrame(() => reportHeading.current?.focus()),
        onError: (error) => setFileProblem(validationProblem(error)),
      },
    );
  }

  function chooseAnotherFile() {
    startOver();
    inputRef.current?.querySelector('input')?.focus();
  }

  function runImport() {
    if (!upload) return;
    setConfirming(false);
    importing.mutate(mailsBadges ? { ...upload, fields: { ...upload.fields, sendConfirmation } } : upload, {
      onSettled: () => requestAnimationFrame(() => reportHeading.current?.focus()),
    });
  }

  if (importing.isSuccess) {
    const result = importing.data;
    return (
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 focus:outline-none" ref={reportHeading} tabIndex={-1}>
            <CircleCheckIcon aria-hidden className="size-5 text-success" />
            Imported {rowsOf(result.totalRows)}
          </CardTitle>
          <CardDescription>
            From {result.fileName}: {result.created.toLocaleString('en')} created, {result.updated.toLocaleString('en')}{' '}
            updated, {result.unchanged.toLocaleString('en')} unchanged.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-5">
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button asChild>
              <Link to={list.to}>Back to {list.label}</Link>
            </Button>
            <Button variant="outline" onClick={startOver}>
              Import another file
            </Button>
          </div>
          <BulkImportReportView report={result} />
        </CardContent>
      </Card>
    );
  }

  const fileHintId = `bulk-import-${kind}-file-hint`;
  const fileProblemId = `bulk-import-${kind}-file-problem`;

  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <StepNumber n={1} />
            Template
          </CardTitle>
          <CardDescription>{templateHint}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <div>
            <Button
              variant="outline"
              disabled={!fields || template.isPending}
              onClick={() => fields && template.mutate({ kind, fields })}
            >
              {template.isPending ? (
                <Spinner size="sm" tone="current" label="Preparing the template" />
              ) : (
                <DownloadIcon aria-hidden />
              )}
              Download template
            </Button>
          </div>
          {!fields && missingChoice && <p className="text-sm text-muted-foreground">{missingChoice}</p>}
          {template.isSuccess && (
            <p className="text-sm text-muted-foreground" role="status">
              Saved {template.data}.
            </p>
          )}
          {template.isError && (
            <FormAlert message={errorMessage(template.error, 'The template could not be downloaded. Try again.')} />
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <StepNumber n={2} />
            <span id={`bulk-import-${kind}-file-label`}>Your file</span>
          </CardTitle>
          <CardDescription>
            Every row is checked first; nothing is written until you import a file without problems.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <div ref={inputRef}>
            <SpreadsheetDropZone
              id={`bulk-import-${kind}-file`}
              labelledBy={`bulk-import-${kind}-file-label`}
              describedBy={[fileHintId, fileProblem && fileProblemId].filter(Boolean).join(' ')}
              file={file}
              onFile={chooseFile}
              limits={IMPORT_LIMITS}
              invalid={fileProblem != null}
              // Another file may replace one being checked (checking writes nothing), not one being imported.
              disabled={!fields || importing.isPending}
            />
          </div>
          <div id={fileHintId} aria-live="polite" className="text-sm text-muted-foreground empty:hidden">
            {!fields && missingChoice}
            {validation.isPending && <Spinner size="sm" label={`Checking every row of ${file?.name}`} />}
            {validation.isPending && <span className="ml-2">Checking every row…</span>}
          </div>
          {fileProblem && (
            <div
              id={fileProblemId}
              role="alert"
              className="flex items-start gap-2 rounded-md border border-destructive/30 bg-destructive/8 px-3 py-2 text-sm [overflow-wrap:anywhere] text-destructive"
            >
              <CircleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
              <span>{fileProblem}</span>
            </div>
          )}
        </CardContent>
      </Card>

      {report && upload && (
        <Card>
          <CardHeader>
            <CardTitle ref={reportHeading} tabIndex={-1} className="flex items-center gap-2 focus:outline-none">
              <StepNumber n={3} />
              <span className="min-w-0 [overflow-wrap:anywhere]">Check of {report.fileName}</span>
            </CardTitle>
            <CardDescription>
              {report.invalidRows > 0
                ? `${report.invalidRows.toLocaleString('en')} of ${rowsOf(report.totalRows)} ${report.invalidRows === 1 ? 'needs' : 'need'} a fix. Correct your file (the report with errors lists each problem in a column of its own), then choose the corrected file.`
                : toWrite === 0
                  ? `Nothing to change: every ${noun.one} in the file matches what is stored.`
                  : `Every row can be imported. Nothing is written yet.`}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid grid-cols-1 gap-5">
            {refused && (
              <FormAlert message={`${errorMessage(importing.error, 'The import was refused.')} Nothing was written.`} />
            )}
            {importing.isError && !refused && <FormAlert message={importProblem(importing.error)} />}
            <BulkImportReportView key={refused ? 'refused' : 'checked'} report={report} />
            {errorReport.isError && (
              <FormAlert message={errorMessage(errorReport.error, 'The report could not be downloaded. Try again.')} />
            )}
            {mailsBadges && report.created > 0 && !importing.isPending && (
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={sendConfirmation}
                  onChange={(event) => setSendConfirmation(event.target.checked)}
                  className="size-4 accent-primary"
                />
                Email each new badge to its holder
              </label>
            )}
            {importing.isPending ? (
              <ImportProgress label={`Importing ${rowsOf(report.totalRows)}`} />
            ) : (
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:items-center sm:justify-end">
                <Button variant="outline" onClick={chooseAnotherFile}>
                  <RotateCcwIcon aria-hidden />
                  Choose another file
                </Button>
                {report.invalidRows > 0 && (
                  <Button variant="outline" disabled={errorReport.isPending} onClick={() => errorReport.mutate(upload)}>
                    {errorReport.isPending ? (
                      <Spinner size="sm" tone="current" label="Preparing the report" />
                    ) : (
                      <DownloadIcon aria-hidden />
                    )}
                    Download report with errors
                  </Button>
                )}
                <Button disabled={!importable} onClick={() => (report.updated > 0 ? setConfirming(true) : runImport())}>
                  <UploadIcon aria-hidden />
                  Import {rowsOf(report.totalRows)}
                </Button>
              </div>
            )}
          </CardContent>
        </Card>
      )}

      {report && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={`Update ${report.updated.toLocaleString('en')} existing ${report.updated === 1 ? noun.one : noun.many}?`}
          description={`The file creates ${report.created.toLocaleString('en')} and updates ${report.updated.toLocaleString('en')} ${report.updated === 1 ? noun.one : noun.many} already in the portal. Empty cells keep what is stored; a cell reading ${BULK_IMPORT_CLEAR_MARKER} erases it.`}
          confirmLabel={`Import ${rowsOf(report.totalRows)}`}
          onConfirm={runImport}
          destructive={false}
        />
      )}
    </div>
  );
}
