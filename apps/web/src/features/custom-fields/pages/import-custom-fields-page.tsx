import type { ImportBody, ImportReport } from '@portal/shared/custom-fields';
import { CircleAlertIcon, CircleCheckIcon, EyeIcon, FileJsonIcon, UploadIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { FileDropZone } from '@/components/file-drop-zone';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import { useCategoryOptions } from '../api/get-category-options';
import { useImportCustomFields } from '../api/import-custom-fields';
import { usePreviewCustomFieldImport } from '../api/preview-custom-field-import';
import { CategoryMappingFields } from '../components/category-mapping-fields';
import { useChosenEvent } from '../components/chosen-event';
import {
  defaultCategoryMapping,
  ImportFileError,
  importErrorsOf,
  readImportFile,
  type CategoryMapping,
  type ImportErrors,
  type ImportFile,
} from '../components/import-document';
import { ImportReportView } from '../components/import-report-view';
import { EventOptions } from '@/components/event-options';

type OnConflict = NonNullable<ImportBody['onConflict']>;

const CONFLICT_CHOICES: { value: OnConflict; label: string; description: string }[] = [
  {
    value: 'skip',
    label: 'Skip it',
    description: 'A field whose key is already used on the same badges is left out.',
  },
  {
    value: 'replace',
    label: 'Replace the existing field',
    description: 'It takes the file’s definition and keeps its id and answers.',
  },
];

const NO_ERRORS: ImportErrors = { mapping: {} };

function describeFile(file: ImportFile): string {
  if (file.fieldCount == null) return 'The file is read; the preview checks it.';
  const fields = `${file.fieldCount} ${file.fieldCount === 1 ? 'field' : 'fields'}`;
  const from = file.eventName ? ` exported from ${file.eventName}` : '';
  const eventWide = file.eventWideCount > 0 ? ` (${file.eventWideCount} for all categories)` : '';
  return `${fields}${from}${eventWide}.`;
}

/** Whether two requests ask the same: the file by identity, the mapping by content. */
function sameRequest(a: ImportBody, b: ImportBody): boolean {
  const entries = (mapping: ImportBody['categoryMapping']) => JSON.stringify(Object.entries(mapping ?? {}).sort());
  return (
    a.eventId === b.eventId &&
    a.document === b.document &&
    a.onConflict === b.onConflict &&
    entries(a.categoryMapping) === entries(b.categoryMapping)
  );
}

/**
 * /custom-fields/import: reads an export file in the browser, maps its categories onto the target
 * event's, previews what the import would do, then imports exactly that.
 */
export function ImportCustomFieldsPage() {
  const target = useChosenEvent();
  const { ownEvent, eventId, events } = target;
  const categories = useCategoryOptions(eventId);
  const preview = usePreviewCustomFieldImport();
  const importing = useImportCustomFields();

  const [file, setFile] = useState<ImportFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const latestRead = useRef(0);
  // The reader's own choices, for this file and event; otherwise the defaults by name apply.
  const [chosen, setChosen] = useState<{ file: ImportFile; eventId: number; mapping: CategoryMapping } | null>(null);
  const [onConflict, setOnConflict] = useState<OnConflict>('skip');
  const [errors, setErrors] = useState<ImportErrors>(NO_ERRORS);

  const targets = categories.data ?? [];
  const mapping: CategoryMapping =
    file && chosen?.file === file && chosen.eventId === eventId
      ? chosen.mapping
      : defaultCategoryMapping(file?.categories ?? [], targets);
  const request: ImportBody | null =
    file && eventId != null ? { eventId, document: file.document, categoryMapping: mapping, onConflict } : null;
  const ready = request !== null && categories.isSuccess;
  const previewed = preview.isSuccess && request !== null && sameRequest(preview.variables, request);
  const nothingToImport = previewed && preview.data.created + preview.data.updated === 0;
  const listHref = paths.customFields.href() + target.eventQuery;

  async function chooseFile(chosenFile: File) {
    // Only the last file chosen counts, should an earlier one take longer to read.
    const read = ++latestRead.current;
    setReading(true);
    setErrors(NO_ERRORS);
    preview.reset();
    let next: ImportFile | null = null;
    let problem: string | null = null;
    try {
      next = await readImportFile(chosenFile);
    } catch (error) {
      problem = error instanceof ImportFileError ? error.message : 'The file could not be read.';
    }
    if (read !== latestRead.current) return;
    setFile(next);
    setFileError(problem);
    setReading(false);
  }

  function chooseEvent(value: string) {
    setErrors(NO_ERRORS);
    target.chooseEvent(value);
  }

  function chooseCategory(ref: string, value: string) {
    if (!file || eventId == null) return;
    setChosen({ file, eventId, mapping: { ...mapping, [ref]: value ? Number(value) : null } });
    setErrors((current) => {
      const { [ref]: _cleared, ...mappingErrors } = current.mapping;
      return { ...current, form: undefined, mapping: mappingErrors };
    });
  }

  function send(mutation: typeof preview | typeof importing) {
    if (!request) return;
    setErrors(NO_ERRORS);
    const refs = file?.categories.map((category) => category.ref) ?? [];
    mutation.mutate(request, {
      onError: (error) => {
        const next = importErrorsOf(error, refs);
        flushSync(() => setErrors(next));
        // The message sits by its control, which may be far above the buttons: take the reader there.
        const mappingIndex = refs.findIndex((ref) => next.mapping[ref]);
        const target = next.file
          ? 'import-file'
          : next.eventId
            ? 'import-event'
            : mappingIndex >= 0
              ? `import-mapping-${mappingIndex}`
              : next.onConflict
                ? 'import-on-conflict-skip'
                : 'import-form-error';
        const element = document.getElementById(target);
        element?.scrollIntoView?.({ block: 'center' });
        element?.focus({ preventScroll: true });
      },
    });
  }

  function startOver() {
    importing.reset();
    preview.reset();
    setFile(null);
    setErrors(NO_ERRORS);
  }

  // A field left out has no target category: the file's name for it says which one it was.
  const categoryName = (entry: ImportReport['fields'][number]) =>
    entry.badgeCategoryId != null
      ? (targets.find((category) => category.id === entry.badgeCategoryId)?.name ?? 'Category')
      : entry.categoryRef == null
        ? 'All categories'
        : (file?.categories.find((category) => category.ref === entry.categoryRef)?.name ?? entry.categoryRef);

  if (importing.isSuccess) {
    return (
      <>
        <PageHeader title="Import Custom Fields" back={{ to: listHref, label: 'Custom Fields' }} />
        <Card className="max-w-4xl">
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <CircleCheckIcon aria-hidden className="size-5 text-success" />
              Import finished
            </CardTitle>
            <CardDescription>
              {importing.data.created + importing.data.updated === 0
                ? 'No field was written.'
                : `What happened to each field of ${file?.fileName ?? 'the file'}.`}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            <ImportReportView report={importing.data} done categoryName={categoryName} />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={startOver}>
                Import another file
              </Button>
              <Button asChild>
                <Link to={listHref}>Back to Custom Fields</Link>
              </Button>
            </div>
          </CardContent>
        </Card>
      </>
    );
  }

  const fileHintId = 'import-file-hint';
  const fileErrorId = 'import-file-error';
  const fileMessage = fileError ?? errors.file?.message;

  return (
    <>
      <PageHeader
        title="Import Custom Fields"
        description="Load the custom fields of an export file into an event: preview what happens to each field, then import."
        back={{ to: listHref, label: 'Custom Fields' }}
      />
      <div className="grid max-w-4xl gap-6">
        <div id="import-form-error" tabIndex={-1} className="empty:hidden focus:outline-none">
          <FormAlert message={errors.form} />
        </div>

        <Card>
          <CardHeader>
            <CardTitle id="import-file-label">Export file</CardTitle>
            <CardDescription>A .json file saved by “Export custom fields” of this portal.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            <FileDropZone
              id="import-file"
              labelledBy="import-file-label"
              accept=".json,application/json"
              icon={FileJsonIcon}
              title={file?.fileName ?? 'Choose a JSON file'}
              hint={file ? 'Choose another file, or drop one here' : 'or drop it here'}
              onFile={(chosenFile) => void chooseFile(chosenFile)}
              invalid={Boolean(fileMessage)}
              describedBy={[fileHintId, fileMessage && fileErrorId].filter(Boolean).join(' ')}
            />
            <div id={fileHintId} aria-live="polite" className="text-sm text-muted-foreground">
              {reading ? (
                <Spinner size="sm" label="Reading the file" />
              ) : (
                file && !fileMessage && <p>{describeFile(file)}</p>
              )}
            </div>
            {fileMessage && (
              <div
                id={fileErrorId}
                role="alert"
                className="rounded-md border border-destructive/30 bg-destructive/8 px-3 py-2 text-sm [overflow-wrap:anywhere] text-destructive"
              >
                <p className="flex items-start gap-2 font-medium">
                  <CircleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
                  {fileMessage}
                </p>
                {!fileError && errors.file && errors.file.problems.length > 0 && (
                  <ul className="mt-2 grid gap-1 pl-6">
                    {errors.file.problems.map((problem) => (
                      <li key={`${problem.path}:${problem.message}`}>
                        <code className="rounded bg-destructive/10 px-1 text-xs">{problem.path}</code> {problem.message}
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Where the fields go</CardTitle>
            <CardDescription>
              Each category of the file goes to a badge category of the event, or is left out.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            {ownEvent == null ? (
              <FormField id="import-event" label="Event" required error={errors.eventId}>
                {(control) => (
                  <NativeSelect
                    {...control}
                    value={eventId ?? ''}
                    onChange={(event) => chooseEvent(event.target.value)}
                    className="sm:w-80"
                  >
                    <EventOptions events={events.data} empty="Choose an event" />
                  </NativeSelect>
                )}
              </FormField>
            ) : (
              <p className="text-sm">
                Into <span className="font-medium">{target.eventName ?? 'your event'}</span>
              </p>
            )}

            <CategoryMappingFields
              file={file}
              eventChosen={eventId != null}
              categories={categories}
              mapping={mapping}
              errors={errors.mapping}
              onChange={chooseCategory}
            />

            <fieldset className="grid gap-2">
              <legend className="mb-1.5 text-sm font-medium">When a field’s key is already used</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {CONFLICT_CHOICES.map((choice) => (
                  <label
                    key={choice.value}
                    htmlFor={`import-on-conflict-${choice.value}`}
                    className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors hover:bg-muted/50 has-checked:border-primary has-checked:bg-primary/5 has-focus-visible:ring-2 has-focus-visible:ring-ring"
                  >
                    <input
                      id={`import-on-conflict-${choice.value}`}
                      type="radio"
                      name="import-on-conflict"
                      value={choice.value}
                      checked={onConflict === choice.value}
                      onChange={() => {
                        setOnConflict(choice.value);
                        setErrors((current) => ({ ...current, onConflict: undefined, form: undefined }));
                      }}
                      className="mt-0.5 size-4 accent-primary focus-visible:outline-none"
                    />
                    <span className="grid gap-0.5 text-sm leading-snug">
                      <span className="font-medium">{choice.label}</span>
                      <span className="text-xs text-muted-foreground">{choice.description}</span>
                    </span>
                  </label>
                ))}
              </div>
              {errors.onConflict && <p className="text-xs font-medium text-destructive">{errors.onConflict}</p>}
            </fieldset>
          </CardContent>
        </Card>

        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-end">
          <p id="import-hint" className="text-xs text-muted-foreground sm:mr-auto">
            {!file
              ? 'Choose a file to preview.'
              : eventId == null
                ? 'Choose the event to import into.'
                : nothingToImport
                  ? 'Nothing to import: every field of the file would be skipped.'
                  : previewed
                    ? 'The import does what the preview shows.'
                    : 'Preview first: the import does what the preview shows.'}
          </p>
          <Button
            variant={previewed ? 'outline' : 'default'}
            disabled={!ready || preview.isPending || importing.isPending}
            onClick={() => send(preview)}
          >
            {preview.isPending ? <Spinner size="sm" tone="current" label="Working" /> : <EyeIcon aria-hidden />}
            Preview
          </Button>
          <Button
            variant={previewed ? 'default' : 'outline'}
            disabled={!previewed || nothingToImport || importing.isPending || preview.isPending}
            aria-describedby="import-hint"
            onClick={() => send(importing)}
          >
            {importing.isPending ? <Spinner size="sm" tone="current" label="Importing" /> : <UploadIcon aria-hidden />}
            Import
          </Button>
        </div>

        {preview.isSuccess && (
          <Card className={cn(!previewed && 'opacity-60')}>
            <CardHeader>
              <CardTitle>Preview</CardTitle>
              <CardDescription>
                {previewed
                  ? 'What the import will do with each field of the file. Nothing is written yet.'
                  : 'Your choices changed since this preview: preview again before importing.'}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <ImportReportView report={preview.data} done={false} categoryName={categoryName} />
            </CardContent>
          </Card>
        )}
      </div>
    </>
  );
}
