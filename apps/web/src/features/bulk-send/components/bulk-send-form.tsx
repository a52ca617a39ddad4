import {
  BULK_SEND_DEFAULT_VALID_DAYS,
  BULK_SEND_MAX_BYTES,
  BULK_SEND_MAX_ROWS,
  type BulkSendFields,
  type BulkSendReport,
} from '@portal/shared/bulk-send';
import { DownloadIcon, SendIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { CategoryOptions } from '@/components/category-options';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { SpreadsheetDropZone } from '@/components/spreadsheets/spreadsheet-drop-zone';
import { spreadsheetFileProblem } from '@/components/spreadsheets/spreadsheet-file';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input, NativeSelect } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useCan } from '@/hooks/use-can';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useQuery } from '@tanstack/react-query';
import { eventQueryOptions } from '@/features/events/api/get-event';
import { expiresAtOf, today } from '@/features/registration-links/components/link-limit-fields';
import { useLinkOwners } from '@/features/registration-links/api/get-link-choices';
import { LinkOwnerOptions } from '@/features/registration-links/components/link-owner-options';
import { useDownloadBulkSendTemplate } from '../api/download-template';
import { useCategoryOptions } from '../api/get-category-options';
import { useTemplateOptions } from '../api/get-template-options';
import { useUploadRecipients } from '../api/upload-recipients';
import { RecipientsReport } from './recipients-report';

const SEND_LIMITS = { maxBytes: BULK_SEND_MAX_BYTES, maxRows: BULK_SEND_MAX_ROWS };

/**
 * Choose the category, the wording and (for an organiser) the exhibitor or sub-account whose
 * places the links use; a dropped file is checked at once, and sent only when every row is fine.
 */
export function BulkSendForm({ eventId }: { eventId: number }) {
  const session = useSession();
  const can = useCan();
  const sendsForItself = session?.type === 'exhibitor' || session?.type === 'sub-account';
  const categories = useCategoryOptions(eventId);
  const templates = useTemplateOptions(can('view_email_templates'));
  const owners = useLinkOwners(eventId, can('view_sub_accounts'), !sendsForItself);
  const download = useDownloadBulkSendTemplate();
  const upload = useUploadRecipients();

  // The event's last day: the links' default expiry. The signed-in user's own event comes with the
  // session; an organiser of every event reads it.
  const ownEvent = session?.user.event?.id === eventId ? session.user.event : null;
  const event = useQuery({ ...eventQueryOptions(eventId), enabled: ownEvent == null && can('view_events') });
  const lastDay = (ownEvent ?? event.data)?.endDate ?? null;
  const [expiresOn, setExpiresOn] = useState<string | null>(null);
  const validUntil = expiresOn ?? (lastDay && lastDay >= today() ? lastDay : '');

  const [categoryId, setCategoryId] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [ownerId, setOwnerId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [report, setReport] = useState<BulkSendReport | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const usableTemplates = templates.data?.filter((t) => t.isActive && (t.eventId == null || t.eventId === eventId));
  const ready = categoryId !== '' && (sendsForItself || ownerId !== '');

  // A sub-account is named with the exhibitor it belongs to, as the upload asks.
  const subAccount = owners.data?.subAccounts.find((account) => String(account.id) === ownerId);
  const fields = (step: BulkSendFields['step']): BulkSendFields => ({
    step,
    eventId,
    badgeCategoryId: Number(categoryId),
    emailTemplateID: templateId ? Number(templateId) : undefined,
    exhibitorId: subAccount ? subAccount.exhibitorId : ownerId ? Number(ownerId) : undefined,
    adminId: subAccount?.id,
    // The event's last day is the API's own default, ended in the event's time zone.
    expiresAt: validUntil && validUntil !== lastDay ? (expiresAtOf(validUntil) ?? undefined) : undefined,
  });

  function check(chosen: File) {
    setFile(chosen);
    setReport(null);
    upload.reset();
    const problem = spreadsheetFileProblem(chosen, SEND_LIMITS);
    setFileProblem(problem);
    if (problem) return;
    upload.mutate({ file: chosen, fields: fields('validate') }, { onSuccess: setReport });
  }

  function send() {
    if (!file) return;
    setProgress(0);
    upload.mutate(
      { file, fields: fields('send'), onProgress: setProgress },
      {
        onSuccess: (result) => {
          setReport(result);
          if (result.sent > 0) toast.success(`${result.sent} registration link${result.sent === 1 ? '' : 's'} sent`);
        },
        onSettled: () => setProgress(null),
      },
    );
  }

  /** A changed choice makes the last check stale. */
  const choose = (set: (value: string) => void) => (value: string) => {
    set(value);
    setFile(null);
    setFileProblem(null);
    setReport(null);
    upload.reset();
  };

  const sending = upload.isPending && progress !== null;
  const canSend = report !== null && report.step === 'validate' && report.invalidRows === 0 && report.totalRows > 0;

  return (
    <Card>
      <CardContent className="grid gap-5 p-4 sm:p-6">
        <div className="grid gap-4 sm:grid-cols-2">
          {!sendsForItself && (
            <FormField id="bulk-owner" label="Owner" required hint="The links use this account’s allocation.">
              {(control) => (
                <NativeSelect {...control} value={ownerId} onChange={(e) => choose(setOwnerId)(e.target.value)}>
                  <LinkOwnerOptions owners={owners.data} empty="Choose an exhibitor or sub-account" />
                </NativeSelect>
              )}
            </FormField>
          )}
          <FormField id="bulk-category" label="Badge category" required>
            {(control) => (
              <NativeSelect {...control} value={categoryId} onChange={(e) => choose(setCategoryId)(e.target.value)}>
                <CategoryOptions categories={categories.data} empty="Choose a category" />
              </NativeSelect>
            )}
          </FormField>
          {can('view_email_templates') && (
            <FormField
              id="bulk-template"
              label="Email template"
              hint="By default, the category’s or event’s template, else the built-in wording."
            >
              {(control) => (
                <NativeSelect {...control} value={templateId} onChange={(e) => choose(setTemplateId)(e.target.value)}>
                  <option value="">Default wording</option>
                  {usableTemplates?.map((template) => (
                    <option key={template.id} value={template.id}>
                      {template.name}
                      {template.eventId == null ? ' (global)' : ''}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          )}
          <FormField
            id="bulk-expires"
            label="Links valid until"
            hint={
              lastDay
                ? `Through the chosen day. By default the event’s last day, ${formatDate(lastDay)}.`
                : `Through the chosen day. Leave empty for ${BULK_SEND_DEFAULT_VALID_DAYS} days from sending.`
            }
          >
            {(control) => (
              <Input
                {...control}
                type="date"
                min={today()}
                value={validUntil}
                onChange={(e) => choose(setExpiresOn)(e.target.value)}
              />
            )}
          </FormField>
        </div>
        {categories.isError && (
          <FormAlert message={errorMessage(categories.error, 'The badge categories could not be loaded')} />
        )}

        <div className="flex flex-wrap items-center gap-3">
          <Button
            type="button"
            variant="outline"
            onClick={() =>
              download.mutate(undefined, {
                onError: (error) => toast.error(errorMessage(error, 'The template could not be downloaded')),
              })
            }
            disabled={download.isPending}
          >
            <DownloadIcon aria-hidden />
            Download the template
          </Button>
          <p className="text-xs text-muted-foreground">
            One row per recipient: email, first name and last name. Each mail names the owner’s company as the one handing out the badge.
          </p>
        </div>

        <div className="grid gap-1.5">
          <span id="bulk-file-label" className="text-sm font-medium">
            Recipients file
          </span>
          <SpreadsheetDropZone
            id="bulk-file"
            labelledBy="bulk-file-label"
            describedBy={fileProblem ? 'bulk-file-problem' : undefined}
            file={file}
            onFile={check}
            limits={SEND_LIMITS}
            invalid={fileProblem != null}
            disabled={!ready || upload.isPending}
          />
          {fileProblem && (
            <p id="bulk-file-problem" role="alert" className="text-sm text-destructive">
              {fileProblem}
            </p>
          )}
          {!ready && (
            <p className="text-xs text-muted-foreground">
              Choose {sendsForItself ? 'a category' : 'the owner and a category'} first.
            </p>
          )}
        </div>

        {upload.isPending && (
          <div role="status" className="flex items-center gap-3 text-sm">
            <Spinner label={sending ? 'Sending' : 'Checking'} />
            {sending ? (
              <>
                <span>Sending… {Math.round((progress ?? 0) * 100)}% uploaded</span>
                <progress
                  className="h-2 w-32 accent-primary"
                  max={1}
                  value={progress ?? undefined}
                  aria-label="Upload progress"
                />
              </>
            ) : (
              <span>Checking every row…</span>
            )}
          </div>
        )}
        {upload.isError && <FormAlert message={errorMessage(upload.error, 'The file could not be checked')} />}
        {report && <RecipientsReport report={report} />}

        {canSend && (
          <div className="flex justify-end">
            <Button type="button" onClick={send} disabled={upload.isPending}>
              <SendIcon aria-hidden />
              Send {report.totalRows} link{report.totalRows === 1 ? '' : 's'}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
