import { AUTH_MESSAGES } from '@portal/shared/auth';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, getSession, startSession } from '@/lib/session';
import { fakeAdapter, type Reply } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { ResetPasswordPage } from './reset-password-page';

const TOKEN = 'rQ3v8pZk1mN4xT7yB2cD5fG8hJ0kL3mN6pQ9rS2tU5w';
const originalAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

/** Opens the page with a link the server calls working (or not), answering the reset with `answer`. */
function open(answer: () => Reply, linkWorks = true) {
  const fake = fakeAdapter(({ url }) =>
    url === '/auth/password-reset/check' ? { status: 200, data: { data: { valid: linkWorks } } } : answer(),
  );
  api.defaults.adapter = fake.adapter;
  renderRoute(`/reset-password/${TOKEN}`, [
    { path: '/reset-password/:token', element: <ResetPasswordPage /> },
    { path: '/forgot-password', element: <h1>Forgot password page</h1> },
    { path: '/login', element: <h1>Sign in page</h1> },
  ]);
  // The calls the form made, after the check the page makes as it opens.
  return {
    resets: () => fake.seen.filter((request) => request.url !== '/auth/password-reset/check'),
    all: fake.seen,
  };
}

async function choose(password: string, confirmation = password) {
  await screen.findByLabelText('New password');
  fill(screen.getByLabelText('New password'), password);
  fill(screen.getByLabelText('Repeat the new password'), confirmation);
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

const refused = (field: string, message: string): Reply => ({
  status: 400,
  data: { statusCode: 400, error: 'Bad Request', message, details: [{ field, message }] },
});

describe('ResetPasswordPage', () => {
  it('sends the token from the address with the new password, then says so and clears this browser’s session', async () => {
    const { user } = demo.exhibitor();
    startSession({ admin: user, token: 'old-access', refreshToken: 'old-refresh' });
    const seen = open(() => ({ status: 204 }));
    await choose('Fjord-Light-2027');
    const done = await screen.findByText('Your password has been changed.');
    expect(done.closest('[role="status"]')).toBeTruthy();
    expect(screen.getByText('For your security you have been signed out everywhere.')).toBeTruthy();
    expect(seen.resets()).toEqual([
      expect.objectContaining({ method: 'POST', url: '/auth/password-reset', body: { token: TOKEN, password: 'Fjord-Light-2027' } }),
    ]);
    expect(getSession()).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeTruthy();
  });

  it('checks the password rules and the repetition before sending anything', async () => {
    const seen = open(() => ({ status: 204 }));
    await choose('short');
    expect(await screen.findByText(/At least 10 characters/)).toBeTruthy();
    await choose('Fjord-Light-2027', 'Fjord-Light-2028');
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(seen.resets()).toEqual([]);
  });

  it('checks the link as the page opens and says at once that a used one no longer works', async () => {
    const seen = open(() => ({ status: 204 }), false);
    expect(await screen.findByText(AUTH_MESSAGES.passwordResetInvalid)).toBeTruthy();
    expect(seen.all).toEqual([
      expect.objectContaining({ method: 'POST', url: '/auth/password-reset/check', body: { token: TOKEN } }),
    ]);
    // No password to type into a link that cannot take it.
    expect(screen.queryByLabelText('New password')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(await screen.findByRole('heading', { name: 'Forgot password page' })).toBeTruthy();
  });

  it('says when the link is refused on sending (used meanwhile) and offers a new one', async () => {
    open(() => refused('token', AUTH_MESSAGES.passwordResetInvalid));
    await choose('Fjord-Light-2027');
    expect((await screen.findByRole('alert')).textContent).toContain(AUTH_MESSAGES.passwordResetInvalid);
    fireEvent.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(await screen.findByRole('heading', { name: 'Forgot password page' })).toBeTruthy();
  });

  it('puts the server’s password error on the field', async () => {
    open(() => refused('password', 'This password is too easy to guess'));
    await choose('Fjord-Light-2027');
    expect(await screen.findByText('This password is too easy to guess')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Ask for a new link' })).toBeNull();
  });
});
