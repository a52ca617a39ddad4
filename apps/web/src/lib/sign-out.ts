import { NO_AUTH_REDIRECT_HEADER } from '@/config/app';
import { isLoginPath } from '@/config/paths';
import { navigateTo } from './navigation';
import { clearSession, getSession, loginRoute, saveReturnUrl, setVipFlag } from './session';
import { resetTheme } from './theme';

const LOGOUT_REQUEST_TIMEOUT_MS = 10_000;
let signingOut = false;

function clearAuthCookies() {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name && /auth|token|session/i.test(name)) {
      document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    }
  }
}

/** True while a sign-out runs, so that guards leave the redirect to it. */
export function isSigningOut(): boolean {
  return signingOut;
}

/**
 * Logout as spec §4 says: clears auth data, tokens, user, theme, the VIP flag, session storage,
 * auth cookies and cached queries; saves the current path as the return URL, for this account only,
 * unless it is a login page or `silent` is set; ignores a second call while one runs; a failing logout call is logged
 * and the user is signed out all the same.
 */
export async function signOut({ silent = false }: { silent?: boolean } = {}): Promise<void> {
  if (signingOut) return;
  signingOut = true;
  try {
    const session = getSession();
    const destination = loginRoute();
    const { pathname, search, hash } = window.location;

    clearSession();
    setVipFlag(false);
    resetTheme();
    sessionStorage.clear();
    clearAuthCookies();
    if (!silent && session && !isLoginPath(pathname)) saveReturnUrl(pathname + search + hash, session.user);
    // The cache and the HTTP client belong to the signed-in app, loaded by now; imported here rather
    // than at the top, so that the login page, which imports this module, does not load them.
    const [{ queryClient }, { api }] = await Promise.all([import('./query-client'), import('./api-client')]);
    queryClient.clear();
    navigateTo(destination);

    // Revoking the refresh token on the server need not hold up the user.
    if (session) {
      await api
        .post(
          '/auth/logout',
          { refreshToken: session.refreshToken },
          {
            skipAuth: true,
            timeout: LOGOUT_REQUEST_TIMEOUT_MS,
            headers: { Authorization: `Bearer ${session.accessToken}`, [NO_AUTH_REDIRECT_HEADER]: 'true' },
          },
        )
        .catch((error: unknown) => console.error('Logout request failed', error));
    }
  } finally {
    signingOut = false;
  }
}
