import type { LoginResponse, SessionAdmin } from '@portal/shared/auth';
import { deriveUserType, USER_TYPES, type UserType } from '@portal/shared/user-types';
import { useSyncExternalStore } from 'react';
import { paths } from '@/config/paths';

/**
 * Stored auth data (spec §3): user, accessToken, refreshToken and type. `givenType` is the type a
 * single sign-on passed (spec §4: derived "unless a type is given"): it stays the session's type
 * when the user is read again from the server, where every other session's type is derived anew.
 */
export type Session = { user: SessionAdmin; accessToken: string; refreshToken: string; type: UserType; givenType?: UserType };

export const AUTH_STORAGE_KEY = 'exhibitor-portal-auth';
export const RETURN_URL_STORAGE_KEY = 'exhibitor-portal-return-url';
export const VIP_FLAG_STORAGE_KEY = 'exhibitor-portal-vip-admin';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/**
 * Checked by hand rather than with the shared schema, which would put the schema library on the
 * login page's critical path. The user's own fields are replaced from the server on every
 * signed-in start (the guard's profile call), so the check covers what the client reads first.
 */
function isStoredSession(value: unknown): value is Session {
  if (!isRecord(value) || !isText(value.accessToken) || !isText(value.refreshToken)) return false;
  if (!USER_TYPES.includes(value.type as UserType)) return false;
  if (value.givenType !== undefined && !USER_TYPES.includes(value.givenType as UserType)) return false;
  const user = value.user;
  return (
    isRecord(user) &&
    Number.isInteger(user.id) &&
    typeof user.email === 'string' &&
    Array.isArray(user.permissions) &&
    user.permissions.every((permission) => typeof permission === 'string') &&
    Array.isArray(user.roles)
  );
}

function readStoredSession(): Session | null {
  try {
    const raw = localStorage.getItem(AUTH_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isStoredSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

let current: Session | null = readStoredSession();
const listeners = new Set<() => void>();

function publish(next: Session | null) {
  current = next;
  if (next) localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(next));
  else localStorage.removeItem(AUTH_STORAGE_KEY);
  listeners.forEach((listener) => listener());
}

// Another tab signing in or out changes this tab's session too.
window.addEventListener('storage', (event) => {
  if (event.key !== AUTH_STORAGE_KEY && event.key !== null) return;
  current = readStoredSession();
  listeners.forEach((listener) => listener());
});

export function getSession(): Session | null {
  return current;
}

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeToSession, getSession);
}

/** Starts a session from a login or SSO answer; the user type is derived unless one is given. */
export function startSession({ admin, token, refreshToken }: LoginResponse, givenType?: UserType) {
  const type = givenType ?? deriveUserType(admin);
  setVipFlag(type === 'vipAdmin');
  publish({ user: admin, accessToken: token, refreshToken, type, ...(givenType ? { givenType } : {}) });
}

export function replaceTokens(accessToken: string, refreshToken: string) {
  if (current) publish({ ...current, accessToken, refreshToken });
}

export function replaceUser(user: SessionAdmin) {
  if (current) publish({ ...current, user, type: current.givenType ?? deriveUserType(user) });
}

export function clearSession() {
  publish(null);
}

export function setVipFlag(on: boolean) {
  if (on) localStorage.setItem(VIP_FLAG_STORAGE_KEY, 'true');
  else localStorage.removeItem(VIP_FLAG_STORAGE_KEY);
}

/** The login route: /vip/login while the VIP-admin flag is stored, so a VIP admin comes back to it. */
export function loginRoute(): string {
  return localStorage.getItem(VIP_FLAG_STORAGE_KEY) === 'true' ? paths.vipLogin.path : paths.login.path;
}

type StoredReturnUrl = { url: string; userId: number; email: string };

/**
 * Saves where a user signed out, bound to that account: on a shared browser the next person to
 * sign in is often someone else, whom that page is not for.
 */
export function saveReturnUrl(url: string, account: Pick<SessionAdmin, 'id' | 'email'>) {
  localStorage.setItem(RETURN_URL_STORAGE_KEY, JSON.stringify({ url, userId: account.id, email: account.email }));
}

type ReturnUrlCheck = (url: string, session: Session) => boolean;
let mayReturnTo: ReturnUrlCheck = () => true;

/** Set once by the route table, which knows each screen's permissions (this module cannot import it). */
export function setReturnUrlCheck(check: ReturnUrlCheck) {
  mayReturnTo = check;
}

function readReturnUrl(): StoredReturnUrl | null {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(RETURN_URL_STORAGE_KEY) ?? 'null');
    return isRecord(saved) && typeof saved.url === 'string' && typeof saved.userId === 'number' && typeof saved.email === 'string'
      ? (saved as StoredReturnUrl)
      : null;
  } catch {
    return null;
  }
}

/**
 * The saved return URL, once: only for the account that saved it, only a same-origin path, and
 * only one the signed-in user may open.
 */
export function takeReturnUrl(): string | null {
  const saved = readReturnUrl();
  localStorage.removeItem(RETURN_URL_STORAGE_KEY);
  const session = current;
  if (!saved || !session) return null;
  const sameAccount =
    saved.userId === session.user.id && saved.email.toLowerCase() === session.user.email.toLowerCase();
  return sameAccount ? openableAfterSignIn(saved.url) : null;
}

/**
 * The URL itself when the signed-in account may open it, else null: a path of this portal whose
 * screen's permissions the account holds. Also applied to the page a signed-out visitor was turned
 * away from, since whoever signs in next need not be the one who asked for it.
 */
export function openableAfterSignIn(url: string | undefined): string | null {
  const session = current;
  if (!url || !session) return null;
  const samePortal = url.startsWith('/') && !url.startsWith('//');
  return samePortal && mayReturnTo(url, session) ? url : null;
}
