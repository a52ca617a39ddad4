import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { THEME_STORAGE_KEY } from '@/config/app';
import { fakeAdapter, type SeenRequest } from '@/testing/fake-adapter';
import { demo, sessionOf } from '@/testing/sessions';
import { api } from './api-client';
import { registerNavigator } from './navigation';
import { queryClient } from './query-client';
import {
  AUTH_STORAGE_KEY,
  getSession,
  RETURN_URL_STORAGE_KEY,
  startSession,
  takeReturnUrl,
  VIP_FLAG_STORAGE_KEY,
} from './session';
import { signOut } from './sign-out';

const originalAdapter = api.defaults.adapter;

function signInAs(session = demo.eventAdmin()) {
  startSession({ admin: session.user, token: 'access-1', refreshToken: 'refresh-1' });
}

function expireCookie(name: string) {
  document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}

describe('signOut', () => {
  const navigate = vi.fn();
  let seen: SeenRequest[];

  beforeEach(() => {
    navigate.mockReset();
    registerNavigator(navigate);
    const fake = fakeAdapter(() => ({ status: 204 }));
    seen = fake.seen;
    api.defaults.adapter = fake.adapter;
    window.history.pushState({}, '', '/admins?page=2#top');
  });

  afterEach(() => {
    api.defaults.adapter = originalAdapter;
    ['portal_session', 'auth_token', 'refreshToken', 'analytics'].forEach(expireCookie);
  });

  it('clears auth data, theme, VIP flag, session storage, auth cookies and cached queries', async () => {
    signInAs();
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    localStorage.setItem('unrelated', 'kept');
    sessionStorage.setItem('draft', 'x');
    document.cookie = 'portal_session=1; path=/';
    document.cookie = 'auth_token=2; path=/';
    document.cookie = 'refreshToken=3; path=/';
    document.cookie = 'analytics=4; path=/';
    queryClient.setQueryData(['admins'], ['cached']);

    await signOut();

    expect(getSession()).toBeNull();
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(VIP_FLAG_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('kept');
    expect(sessionStorage.length).toBe(0);
    expect(document.cookie).toBe('analytics=4');
    expect(queryClient.getQueryData(['admins'])).toBeUndefined();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login');
  });

  it('revokes the refresh token on the server, with the bearer token', async () => {
    signInAs();
    await signOut();
    expect(seen).toEqual([
      { method: 'POST', url: '/auth/logout', authorization: 'Bearer access-1', body: { refreshToken: 'refresh-1' } },
    ]);
  });

  it('saves the current path as the return URL, with the account it belongs to', async () => {
    const session = demo.eventAdmin();
    signInAs(session);
    await signOut();
    expect(JSON.parse(localStorage.getItem(RETURN_URL_STORAGE_KEY)!)).toEqual({
      url: '/admins?page=2#top',
      userId: session.user.id,
      email: session.user.email,
    });
  });

  it('gives the return URL back to the same account only, and once', async () => {
    const session = demo.eventAdmin();
    signInAs(session);
    await signOut();
    signInAs(session);
    expect(takeReturnUrl()).toBe('/admins?page=2#top');
    expect(takeReturnUrl()).toBeNull();
  });

  it('gives another account signing in on the same browser no return URL, and drops it', async () => {
    signInAs(demo.eventAdmin());
    await signOut();
    signInAs(sessionOf({ ...demo.eventAdmin().user, id: 99, email: 'someone-else@example.com' }));
    expect(takeReturnUrl()).toBeNull();
    expect(localStorage.getItem(RETURN_URL_STORAGE_KEY)).toBeNull();
  });

  it('ignores a return URL stored in the old, unbound form', () => {
    signInAs();
    localStorage.setItem(RETURN_URL_STORAGE_KEY, '/admins');
    expect(takeReturnUrl()).toBeNull();
  });

  it('saves no return URL when silent', async () => {
    signInAs();
    await signOut({ silent: true });
    expect(localStorage.getItem(RETURN_URL_STORAGE_KEY)).toBeNull();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login');
  });

  it('saves no return URL from a login page', async () => {
    signInAs();
    window.history.pushState({}, '', '/vip/login');
    await signOut();
    expect(localStorage.getItem(RETURN_URL_STORAGE_KEY)).toBeNull();
  });

  it('sends a VIP admin to /vip/login and clears the flag', async () => {
    signInAs(demo.vipAdmin());
    expect(localStorage.getItem(VIP_FLAG_STORAGE_KEY)).toBe('true');
    await signOut();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/vip/login');
    expect(localStorage.getItem(VIP_FLAG_STORAGE_KEY)).toBeNull();
  });

  it('ignores a logout while one is in progress', async () => {
    signInAs();
    await Promise.all([signOut(), signOut(), signOut()]);
    expect(seen).toHaveLength(1);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('logs a failing logout call and signs the user out all the same', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    api.defaults.adapter = fakeAdapter(() => ({ status: 500 })).adapter;
    signInAs();

    await signOut();

    expect(error).toHaveBeenCalledWith('Logout request failed', expect.anything());
    expect(getSession()).toBeNull();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login');
  });
});
