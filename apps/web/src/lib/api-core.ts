import { API_BASE_PATH, REQUEST_TIMEOUT_MS } from '@/config/app';

/** The API's error body (DESIGN §5). */
export type ApiErrorBody = {
  statusCode: number;
  error: string;
  message: string;
  details?: { field: string; message: string }[];
};

/** A refused call of `postJson`: the answer's status, headers and body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly headers: Headers,
    readonly data: unknown,
  ) {
    super(`Request failed with status code ${status}`);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

type Refusal = { status: number; data: unknown; header: (name: string) => string | undefined };

/**
 * The answer of a refused call, from either HTTP client: `postJson` here, or the signed-in app's
 * axios client (read by shape, so that the login page does not load axios to recognise its errors).
 */
export function refusal(error: unknown): Refusal | null {
  if (error instanceof ApiError) {
    return { status: error.status, data: error.data, header: (name) => error.headers.get(name) ?? undefined };
  }
  if (!isRecord(error) || error.isAxiosError !== true || !isRecord(error.response)) return null;
  const { status, data, headers } = error.response;
  const header = (name: string) => (isRecord(headers) && headers[name] != null ? String(headers[name]) : undefined);
  return typeof status === 'number' ? { status, data, header } : null;
}

export function apiErrorBody(error: unknown): ApiErrorBody | null {
  const body = refusal(error)?.data as Partial<ApiErrorBody> | null | undefined;
  return body && typeof body.message === 'string' ? (body as ApiErrorBody) : null;
}

/** The server's message when it sent one, otherwise the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return apiErrorBody(error)?.message ?? fallback;
}

/**
 * A JSON POST without the signed-in app's client, for what must stay light (the login page):
 * no bearer token, no refresh; a status of 400 and above rejects with an `ApiError`.
 */
export async function postJson<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${API_BASE_PATH}${path}`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : null;
  if (!response.ok) throw new ApiError(response.status, response.headers, data);
  return data as T;
}
