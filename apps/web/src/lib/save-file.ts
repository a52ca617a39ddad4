import { isAxiosError, type AxiosResponse } from 'axios';
import { api } from './api-client';

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

type FetchedFile = { content: Blob; fileName: string | null; headers: Record<string, unknown> };

/**
 * Fetches a file through the API client rather than a plain link, so that the bearer token goes
 * with it; answers its content and the name the server gives, if any. Asked for as a blob, an
 * error's JSON body arrives as one too: it is read, so that the server's message shows.
 */
export function fetchFile(url: string, params?: Record<string, unknown>): Promise<FetchedFile> {
  return readFile(() => api.get<Blob>(url, { params, responseType: 'blob' }));
}

/** The same for a file the server makes from a posted body (a print run's PDF). */
export function postForFile(url: string, body: unknown): Promise<FetchedFile> {
  return readFile(() => api.post<Blob>(url, body, { responseType: 'blob' }));
}

async function readFile(request: () => Promise<AxiosResponse<Blob>>): Promise<FetchedFile> {
  try {
    const response = await request();
    return {
      content: response.data,
      fileName: attachmentFileName(response.headers['content-disposition']),
      headers: response.headers,
    };
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

/** Hands a fetched file to the browser as a download under its own name. */
export function saveFile(content: Blob, fileName: string) {
  const url = URL.createObjectURL(content);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers start reading the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
