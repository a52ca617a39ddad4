import { AUTH_MESSAGES } from '@portal/shared/auth';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession } from '@/lib/session';
import { fakeAdapter } from '@/testing/fake-adapter';
import { renderRoute } from '@/testing/render';
import { AcceptInvitationPage } from './accept-invitation-page';

const TOKEN = 'iV7cK2mP9qR4sT1uW6xY3zA8bC5dE0fG2hJ4kL6mN8p';
const originalAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

function open(check: { valid: boolean; eventName: string | null; companyName: string | null }) {
  const fake = fakeAdapter(() => ({ status: 200, data: { data: check } }));
  api.defaults.adapter = fake.adapter;
  renderRoute(`/accept-invitation/${TOKEN}`, [
    { path: '/accept-invitation/:token', element: <AcceptInvitationPage /> },
    { path: '/login', element: <h1>Sign in page</h1> },
  ]);
  return fake.seen;
}

describe('AcceptInvitationPage', () => {
  it('checks the link as it opens and names the company and the event it is for', async () => {
    const seen = open({ valid: true, eventName: 'Nordic Tech Expo 2027', companyName: 'Aurora Robotics AS' });
    expect(
      await screen.findByText(
        'You have been invited to the Exhibitor Portal for Aurora Robotics AS at Nordic Tech Expo 2027. Choose a password to sign in.',
      ),
    ).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(seen).toEqual([
      expect.objectContaining({ method: 'POST', url: '/auth/accept-invitation/check', body: { token: TOKEN } }),
    ]);
  });

  it('says at once that a used or expired invitation no longer works, with no password to type', async () => {
    open({ valid: false, eventName: null, companyName: null });
    expect(await screen.findByText(AUTH_MESSAGES.invitationInvalid)).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });
});
