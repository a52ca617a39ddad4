import { AUTH_MESSAGES } from '@portal/shared/auth-messages';
import type { RefreshResponse } from '@portal/shared/auth';
import axios, { isAxiosError, type AxiosError } from 'axios';
import { API_BASE_PATH, NO_AUTH_REDIRECT_HEADER, REQUEST_TIMEOUT_MS } from '@/config/app';
import { clearSession, getSession, replaceTokens } from './session';
import { signOut } from './sign-out';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Sent as is: no bearer token, no waiting for a refresh, no refresh on a 401. */
    skipAuth?: boolean;
    /** Set on the one replay after a refresh, so that a second 401 is final. */
    authRetried?: boolean;
  }
}

/** The one HTTP client of the portal (DESIGN §7). */
export const api = axios.create({
  baseURL: API_BASE_PATH,
  timeout: REQUEST_TIMEOUT_MS,
  headers: { Accept: 'application/json' },
});

let refreshInFlight: Promise<string> | null = null;
// A refresh that fails has cleared the session; signing out finishes the job and shows the login route.
let sessionEndedHandler: () => void = () => void signOut();

/** What happens once a failed refresh has cleared the session: the app signs out and shows the login route. */
export function onSessionEnded(handler: () => void) {
  sessionEndedHandler = handler;
}

async function requestNewAccessToken(): Promise<string> {
  const refreshToken = getSession()?.refreshToken;
  if (!refreshToken) throw new Error(AUTH_MESSAGES.noRefreshToken);
  try {
    const { data } = await api.post<RefreshResponse>('/auth/refresh', { refreshToken }, { skipAuth: true });
    // The refresh token rotates on every use: presenting the old one again would revoke the session.
    replaceTokens(data.token, data.refreshToken);
    return data.token;
  } catch {
    throw new Error(AUTH_MESSAGES.refreshFailed);
  }
}

/** Refreshes the access token; every caller during a refresh shares that one refresh. */
export function refreshAccessToken(): Promise<string> {
  refreshInFlight ??= requestNewAccessToken().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

function endSession() {
  if (!getSession()) return;
  clearSession();
  sessionEndedHandler();
}

api.interceptors.request.use(async (config) => {
  if (config.skipAuth) return config;
  // Requests that start during a refresh wait for it and go out with the new token.
  if (refreshInFlight) await refreshInFlight.catch(() => undefined);
  const token = getSession()?.accessToken;
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

api.interceptors.response.use(undefined, async (error: unknown) => {
  if (!isAxiosError(error) || !shouldRefresh(error)) throw error;
  const config = error.config!;
  const session = getSession();
  if (!session) throw error;
  let token: string;
  const sentToken = String(config.headers.get('Authorization') ?? '').replace(/^Bearer /, '');
  try {
    // A refresh that finished after this request went out already gave a newer token: use it.
    token = sentToken && sentToken !== session.accessToken ? session.accessToken : await refreshAccessToken();
  } catch {
    endSession();
    throw error;
  }
  config.authRetried = true;
  config.headers.set('Authorization', `Bearer ${token}`);
  return api.request(config);
});

function shouldRefresh(error: AxiosError): boolean {
  const config = error.config;
  return (
    error.response?.status === 401 &&
    config !== undefined &&
    !config.skipAuth &&
    !config.authRetried &&
    !config.headers.has(NO_AUTH_REDIRECT_HEADER)
  );
}

export { apiErrorBody, errorMessage, type ApiErrorBody } from './api-core';
