import { BULK_IMPORT_TIMEOUT_MS, type BulkImportFields, type BulkImportKind } from '@portal/shared/bulk-imports';
import { useMutation } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { api } from '@/lib/api-client';
import { attachmentFileName, fetchFile, saveFile } from '@/lib/save-file';
import { bulkImportFormData, type BulkImportUpload } from './upload-bulk-import';

/** Saves the event's (and category's) template under the server's name, and answers that name. */
export async function downloadBulkImportTemplate(
  kind: BulkImportKind,
  fields: Omit<BulkImportFields, 'step'>,
): Promise<string> {
  const { content, fileName } = await fetchFile(`/admin/bulk-upload/${kind}/template`, fields);
  const name = fileName ?? `${kind}-template.xlsx`;
  saveFile(content, name);
  return name;
}

export function useDownloadBulkImportTemplate() {
  return useMutation({
    mutationFn: ({ kind, fields }: { kind: BulkImportKind; fields: Omit<BulkImportFields, 'step'> }) =>
      downloadBulkImportTemplate(kind, fields),
  });
}

/**
 * Sends the file again with step=report and saves the answer: the rows with an "Errors" column, to
 * correct in the spreadsheet. An error asked for as a blob arrives as one: it is read so that the
 * server's message shows.
 */
export async function downloadBulkImportReport(upload: BulkImportUpload): Promise<string> {
  try {
    const response = await api.post<Blob>(`/admin/bulk-upload/${upload.kind}`, bulkImportFormData(upload, 'report'), {
      responseType: 'blob',
      timeout: BULK_IMPORT_TIMEOUT_MS,
    });
    const name =
      attachmentFileName(response.headers['content-disposition']) ??
      `${upload.file.name.replace(/\.[^.]+$/, '')}-errors.xlsx`;
    saveFile(response.data, name);
    return name;
  } catch (error) {
    if (isAxiosError(error) && error.response?.data instanceof Blob) {
      try {
        error.response.data = JSON.parse(await error.response.data.text());
      } catch {
        // Not JSON: the caller's fallback message applies.
      }
    }
    throw error;
  }
}

export function useDownloadBulkImportReport() {
  return useMutation({ mutationFn: downloadBulkImportReport });
}
