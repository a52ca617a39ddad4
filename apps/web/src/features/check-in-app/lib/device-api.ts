import { pairResponseSchema, type PairResponse } from '@portal/shared/check-in';

/**
 * The door device's own HTTP calls: its token in the Authorization header, nothing of the admin
 * client (no refresh, no sign-out), and a short timeout, after which the device decides on its own.
 */

/** How long a scan waits for the server before the device answers from its roster. */
export const SCAN_TIMEOUT_MS = 1500;

/** The server refused the token: the device was revoked, paired again elsewhere, or never paired. */
export class DeviceUnpairedError extends Error {
  constructor() {
    super('This device was unpaired');
  }
}

/** No answer in time, or no network: the device goes on offline. */
export class DeviceOfflineError extends Error {}

/** The server answered with an error: its message is meant for the person at the door. */
export class DeviceRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: { field: string; message: string }[] = [],
  ) {
    super(message);
  }
}

type RequestOptions = { method?: string; body?: unknown; timeoutMs?: number };

async function send(
  path: string,
  token: string | null,
  { method = 'GET', body, timeoutMs = 15_000 }: RequestOptions,
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
      cache: 'no-store',
    });
  } catch {
    throw new DeviceOfflineError('No connection to the server');
  }
  if (response.status === 401 && token) throw new DeviceUnpairedError();
  // A gateway's error page while the server restarts is no answer either: the scan is decided locally.
  if (response.status >= 502) throw new DeviceOfflineError(`The server did not answer (${response.status})`);
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as {
      message?: string;
      details?: { field: string; message: string }[];
    } | null;
    throw new DeviceRequestError(
      response.status,
      payload?.message ?? `The request failed (${response.status})`,
      payload?.details,
    );
  }
  return response;
}

export async function deviceRequest<T>(token: string, path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, token, options);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

export async function deviceBlob(token: string, path: string): Promise<Blob> {
  return (await send(path, token, {})).blob();
}

export async function pairDevice(code: string): Promise<PairResponse> {
  const response = await send('/check-in/pair', null, { method: 'POST', body: { code } });
  return pairResponseSchema.parse(((await response.json()) as { data: unknown }).data);
}
