import {
  BULK_IMPORT_TIMEOUT_MS,
  bulkImportReportSchema,
  type BulkImportFields,
  type BulkImportKind,
  type BulkImportReport,
  type BulkImportStep,
} from '@portal/shared/bulk-imports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { api } from '@/lib/api-client';

/** What one upload sends: the kind, the text fields beside the file, and the file. */
export type BulkImportUpload = {
  kind: BulkImportKind;
  fields: Omit<BulkImportFields, 'step'>;
  file: File;
};

/**
 * The multipart body of an upload. The text fields go before the file: the server reads the parts
 * as they stream in and needs to know the event and category before the rows arrive.
 */
export function bulkImportFormData({ fields, file }: BulkImportUpload, step: BulkImportStep): FormData {
  const form = new FormData();
  form.append('step', step);
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null && value !== '') form.append(name, String(value));
  }
  form.append('file', file, file.name);
  return form;
}

async function uploadBulkImport(upload: BulkImportUpload, step: 'validate' | 'import'): Promise<BulkImportReport> {
  const { data } = await api.post<BulkImportReport>(
    `/admin/bulk-upload/${upload.kind}`,
    bulkImportFormData(upload, step),
    { timeout: BULK_IMPORT_TIMEOUT_MS },
  );
  return data;
}

/** Checks every row of the file and answers the report; writes nothing. */
export function useValidateBulkImport() {
  return useMutation({ mutationFn: (upload: BulkImportUpload) => uploadBulkImport(upload, 'validate') });
}

/** Writes a clean file, all rows or none; a file with a bad row answers 422 with its report. */
export function useImportBulkImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: BulkImportUpload) => uploadBulkImport(upload, 'import'),
    // An import touches several lists (exhibitors, sub-accounts, badges, places left): all are refetched.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** The report a refused import (422) carries: which rows stopped it. */
export function refusedImportReport(error: unknown): BulkImportReport | null {
  if (!isAxiosError(error) || error.response?.status !== 422) return null;
  const parsed = bulkImportReportSchema.safeParse((error.response.data as { report?: unknown } | null)?.report);
  return parsed.success ? parsed.data : null;
}

/** Whether the call gave up waiting (60 s) rather than the server answering. */
export function timedOut(error: unknown): boolean {
  return isAxiosError(error) && (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT');
}
