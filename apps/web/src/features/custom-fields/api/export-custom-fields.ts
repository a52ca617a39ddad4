import { useMutation } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** The file name a `Content-Disposition` header gives, if any. */
export function attachmentFileName(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  return /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1] ?? /filename\s*=\s*([^;\s]+)/i.exec(header)?.[1] ?? null;
}

/**
 * Fetched through the API client rather than a plain link, so that the bearer token goes with it,
 * and saved under the name the server gives (`custom-fields-YYYY-MM-DD.json`). Returns that name.
 */
export async function exportCustomFields(eventId: number): Promise<string> {
  try {
    const response = await api.get<Blob>('/custom-fields/export', { params: { eventId }, responseType: 'blob' });
    const fileName =
      attachmentFileName(response.headers['content-disposition']) ??
      `custom-fields-${new Date().toISOString().slice(0, 10)}.json`;
    saveFile(response.data, fileName);
    return fileName;
  } catch (error) {
    // Asked for a blob, an error's JSON body arrives as one too: read it, so that its message shows.
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

export function useExportCustomFields() {
  return useMutation({ mutationFn: exportCustomFields });
}
