import { BULK_IMPORT_TIMEOUT_MS } from '@portal/shared/bulk-imports';
import type { BulkSendFields, BulkSendReport } from '@portal/shared/bulk-send';
import { useMutation } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { api } from '@/lib/api-client';

export type UploadRecipientsInput = { file: File; fields: BulkSendFields; onProgress?: (fraction: number) => void };

/**
 * Checks (step=validate) or sends (step=send) a recipients file. A file with bad rows is answered
 * 422 with the same report: it is returned as a report, not thrown, so the screen shows its rows.
 */
export async function uploadRecipients({ file, fields, onProgress }: UploadRecipientsInput): Promise<BulkSendReport> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value != null) form.append(name, String(value));
  form.append('file', file);
  try {
    const { data } = await api.post<{ data: BulkSendReport }>(
      '/admin/registration-links/bulk-user-badge-category/upload',
      form,
      {
        timeout: BULK_IMPORT_TIMEOUT_MS,
        onUploadProgress: (event) => event.total && onProgress?.(event.loaded / event.total),
      },
    );
    return data.data;
  } catch (error) {
    const report = isAxiosError<{ report?: BulkSendReport }>(error) ? error.response?.data?.report : undefined;
    if (error && isAxiosError(error) && error.response?.status === 422 && report) return report;
    throw error;
  }
}

export function useUploadRecipients() {
  return useMutation({ mutationFn: uploadRecipients });
}
