/** Client-side constants of spec §9, in one place. */
export const API_BASE_PATH = '/api';
export const REQUEST_TIMEOUT_MS = 300_000;
export const QUERY_STALE_TIME_MS = 5 * 60_000;
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5_000;
export const TOOLTIP_DELAY_MS = 700;
export const PERMISSIONS_LIMIT = 1000;
export const THEME_STORAGE_KEY = 'exhibitor-portal-theme';

/** Header that tells the HTTP client not to refresh and redirect when this request answers 401. */
export const NO_AUTH_REDIRECT_HEADER = 'X-No-Auth-Redirect';

const DEFAULT_IDLE_TIMEOUT_MINUTES = 30;

function idleTimeoutMinutes(value: string | undefined): number {
  const minutes = Number(value);
  return Number.isFinite(minutes) && minutes > 0 ? minutes : DEFAULT_IDLE_TIMEOUT_MINUTES;
}

/** Idle time-out: VITE_IDLE_TIMEOUT_MINUTES at build time, 30 minutes when unset or invalid. */
export const IDLE_TIMEOUT_MS = idleTimeoutMinutes(import.meta.env.VITE_IDLE_TIMEOUT_MINUTES) * 60_000;

/** A company's self-registration through a registration link waits up to 30 s (spec §9). */
export const REGISTRATION_TIMEOUT_MS = 30_000;
