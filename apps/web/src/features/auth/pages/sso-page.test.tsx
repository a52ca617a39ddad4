import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RequireAuth } from '@/app/guards';
import { api } from '@/lib/api-client';
import { AUTH_STORAGE_KEY, clearSession, getSession } from '@/lib/session';
import { fakeAdapter } from '@/testing/fake-adapter';
import { renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { SsoPage } from './sso-page';

const originalAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

/** Signs in through /sso/ as an event admin, then lands on a guarded page that reads the user again. */
async function signInThroughSso(search: string) {
  const { user } = demo.eventAdmin();
  const fake = fakeAdapter((request) => {
    if (request.url.startsWith('/integrations/jwt/verify/')) return { status: 200, data: { admin: user, token: 'access-sso', refreshToken: 'refresh-sso' } };
    if (request.url === '/auth/me') return { status: 200, data: { data: user } };
    return { status: 404 };
  });
  api.defaults.adapter = fake.adapter;
  renderRoute(`/sso/${search}`, [
    { path: '/sso/', element: <SsoPage /> },
    { path: '/', element: <RequireAuth><h1>Home</h1></RequireAuth> },
  ]);
  await screen.findByRole('heading', { name: 'Home' });
  // The guard's profile call has answered and replaced the stored user.
  expect(fake.seen.map((request) => request.url)).toContain('/auth/me');
  return JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null') as { type: string; accessToken: string };
}

describe('SsoPage', () => {
  it('keeps the type the identity provider passed, also after the user is read again', async () => {
    const stored = await signInThroughSso('?token=sso-token-1&type=exhibitor');
    expect(stored).toMatchObject({ type: 'exhibitor', accessToken: 'access-sso' });
    expect(getSession()?.type).toBe('exhibitor');
  });

  it('derives the type as login does when none is passed', async () => {
    const stored = await signInThroughSso('?token=sso-token-2');
    expect(stored.type).toBe('eventAdmin');
  });

  it('derives it when the passed type is not one of the user types', async () => {
    const stored = await signInThroughSso('?token=sso-token-3&type=superuser');
    expect(stored.type).toBe('eventAdmin');
  });
});
