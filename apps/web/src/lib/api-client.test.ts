import { AUTH_MESSAGES } from '@portal/shared/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_AUTH_REDIRECT_HEADER } from '@/config/app';
import { deferred, fakeAdapter } from '@/testing/fake-adapter';
import { demo } from '@/testing/sessions';
import { api, onSessionEnded, refreshAccessToken } from './api-client';
import { clearSession, getSession, startSession } from './session';

const originalAdapter = api.defaults.adapter;

function signIn() {
  const session = demo.eventAdmin();
  startSession({ admin: session.user, token: 'access-1', refreshToken: 'refresh-1' });
}

describe('the HTTP client on a 401', () => {
  const sessionEnded = vi.fn();

  beforeEach(() => {
    signIn();
    sessionEnded.mockReset();
    onSessionEnded(sessionEnded);
  });

  afterEach(() => {
    api.defaults.adapter = originalAdapter;
    clearSession();
  });

  it('refreshes once for many concurrent 401s and replays every request with the new token', async () => {
    const refreshGate = deferred();
    const { adapter, seen } = fakeAdapter(async (request) => {
      if (request.url === '/auth/refresh') {
        await refreshGate.promise;
        return { status: 200, data: { token: 'access-2', refreshToken: 'refresh-2' } };
      }
      return request.authorization === 'Bearer access-2'
        ? { status: 200, data: { url: request.url } }
        : { status: 401, data: { statusCode: 401, error: 'Unauthorized', message: 'Authentication required' } };
    });
    api.defaults.adapter = adapter;

    const urls = ['/a', '/b', '/c', '/d', '/e'];
    const pending = Promise.all(urls.map((url) => api.get<{ url: string }>(url)));
    await vi.waitFor(() => expect(seen.filter((r) => r.url === '/auth/refresh')).toHaveLength(1));
    refreshGate.resolve();
    const responses = await pending;

    expect(responses.map((response) => response.data.url)).toEqual(urls);
    expect(seen.filter((r) => r.url === '/auth/refresh')).toHaveLength(1);
    expect(seen.find((r) => r.url === '/auth/refresh')?.body).toEqual({ refreshToken: 'refresh-1' });
    for (const url of urls) {
      expect(seen.filter((r) => r.url === url).map((r) => r.authorization)).toEqual([
        'Bearer access-1',
        'Bearer access-2',
      ]);
    }
    // The rotated refresh token replaces the old one: reusing the old one would revoke the session.
    expect(getSession()).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    expect(sessionEnded).not.toHaveBeenCalled();
  });

  it('holds a request that starts during a refresh and sends it with the new token', async () => {
    const refreshGate = deferred();
    const { adapter, seen } = fakeAdapter(async (request) => {
      if (request.url === '/auth/refresh') {
        await refreshGate.promise;
        return { status: 200, data: { token: 'access-2', refreshToken: 'refresh-2' } };
      }
      return request.authorization === 'Bearer access-2' ? { status: 200, data: 'ok' } : { status: 401 };
    });
    api.defaults.adapter = adapter;

    const first = api.get('/first');
    await vi.waitFor(() => expect(seen.some((r) => r.url === '/auth/refresh')).toBe(true));
    const second = api.get('/second');
    refreshGate.resolve();
    await Promise.all([first, second]);

    expect(seen.filter((r) => r.url === '/second').map((r) => r.authorization)).toEqual(['Bearer access-2']);
    expect(seen.filter((r) => r.url === '/auth/refresh')).toHaveLength(1);
  });

  it('clears the session and signs out once when the refresh fails', async () => {
    const { adapter, seen } = fakeAdapter((request) =>
      request.url === '/auth/refresh'
        ? { status: 401, data: { statusCode: 401, error: 'Unauthorized', message: AUTH_MESSAGES.refreshFailed } }
        : { status: 401 },
    );
    api.defaults.adapter = adapter;

    const results = await Promise.allSettled([api.get('/a'), api.get('/b'), api.get('/c')]);

    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    expect(seen.filter((r) => r.url === '/auth/refresh')).toHaveLength(1);
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('exhibitor-portal-auth')).toBeNull();
    expect(sessionEnded).toHaveBeenCalledTimes(1);
  });

  it('neither refreshes nor signs out for a request that opts out with X-No-Auth-Redirect', async () => {
    const { adapter, seen } = fakeAdapter(() => ({ status: 401 }));
    api.defaults.adapter = adapter;

    await expect(api.get('/quiet', { headers: { [NO_AUTH_REDIRECT_HEADER]: 'true' } })).rejects.toMatchObject({
      response: { status: 401 },
    });
    expect(seen.map((r) => r.url)).toEqual(['/quiet']);
    expect(getSession()).not.toBeNull();
    expect(sessionEnded).not.toHaveBeenCalled();
  });

  it('gives up after one replay when the new token is refused too', async () => {
    const { adapter, seen } = fakeAdapter((request) =>
      request.url === '/auth/refresh'
        ? { status: 200, data: { token: 'access-2', refreshToken: 'refresh-2' } }
        : { status: 401 },
    );
    api.defaults.adapter = adapter;

    await expect(api.get('/forbidden-forever')).rejects.toMatchObject({ response: { status: 401 } });
    expect(seen.filter((r) => r.url === '/forbidden-forever')).toHaveLength(2);
    expect(seen.filter((r) => r.url === '/auth/refresh')).toHaveLength(1);
  });

  it('fails a refresh without a stored refresh token', async () => {
    clearSession();
    await expect(refreshAccessToken()).rejects.toThrow(AUTH_MESSAGES.noRefreshToken);
  });
});
