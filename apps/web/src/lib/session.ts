import { sessionAdminSchema, type LoginResponse, type SessionAdmin } from '@portal/shared/auth';
import { deriveUserType, USER_TYPES, type UserType } from '@portal/shared/user-types';
import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { paths } from '@/config/paths';

/** Stored auth data (spec §3): user, accessToken, refreshToken and type. */
export type Session = { user: SessionAdmin; accessToken: string; refreshToken: string; type: UserType };

export const AUTH_STORAGE_KEY = 'exhibitor-portal-auth';
export const RETURN_URL_STORAGE_KEY = 'exhibitor-portal-return-url';
export const VIP_FLAG_STORAGE_KEY = 'exhibitor-portal-vip-admin';

const storedSessionSchema = z.object({
  user: sessionAdminSchema,
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
  type: z.enum(USER_TYPES),
});

function readStoredSession(): Session | null {
  try {
    const raw = localStorage.getItem(AUTH_STORAGE_KEY);
    if (!raw) return null;
    const parsed = storedSessionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
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
export function startSession({ admin, token, refreshToken }: LoginResponse, type: UserType = deriveUserType(admin)) {
  setVipFlag(type === 'vipAdmin');
  publish({ user: admin, accessToken: token, refreshToken, type });
}

export function replaceTokens(accessToken: string, refreshToken: string) {
  if (current) publish({ ...current, accessToken, refreshToken });
}

export function replaceUser(user: SessionAdmin) {
  if (current) publish({ ...current, user, type: deriveUserType(user) });
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

const storedReturnUrlSchema = z.object({ url: z.string(), userId: z.number(), email: z.string() });

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

function readReturnUrl(): z.infer<typeof storedReturnUrlSchema> | null {
  try {
    const parsed = storedReturnUrlSchema.safeParse(JSON.parse(localStorage.getItem(RETURN_URL_STORAGE_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
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
  const samePortal = saved.url.startsWith('/') && !saved.url.startsWith('//');
  return sameAccount && samePortal && mayReturnTo(saved.url, session) ? saved.url : null;
}
