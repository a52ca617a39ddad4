import { AUTH_MESSAGES } from '@portal/shared/auth';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '@/lib/session';
import type { Reply } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { LoginForm } from './login-form';

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

/** The login form posts with fetch (no axios on the login page): the server's answer, as fetch gives it. */
function open(answer: () => Reply) {
  vi.stubGlobal('fetch', () => {
    const { status, data = null, headers = {} } = answer();
    return Promise.resolve(new Response(data === null ? null : JSON.stringify(data), { status, headers }));
  });
  renderRoute('/login', [
    { path: '/login', element: <LoginForm onSuccess={() => {}} /> },
    { path: '/forgot-password', element: <h1>Forgot password page</h1> },
  ]);
}

const throttled = (retryAfter?: string): Reply => ({
  status: 429,
  data: { statusCode: 429, error: 'Too Many Requests', message: AUTH_MESSAGES.tooManyAttempts },
  headers: retryAfter ? { 'retry-after': retryAfter } : {},
});

async function signInAndReadAlert() {
  fill(screen.getByLabelText('Email'), 'lena@nordlicht.example');
  fill(screen.getByLabelText('Password'), 'not-the-password');
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  return (await screen.findByRole('alert')).textContent;
}

describe('LoginForm', () => {
  it.each([
    ['227', 'Too many sign-in attempts. Try again in 4 minutes.'],
    ['60', 'Too many sign-in attempts. Try again in 1 minute.'],
    ['45', 'Too many sign-in attempts. Try again in 45 seconds.'],
    ['1', 'Too many sign-in attempts. Try again in 1 second.'],
  ])('says when to try again from a Retry-After of %s seconds', async (retryAfter, message) => {
    open(() => throttled(retryAfter));
    expect(await signInAndReadAlert()).toBe(message);
  });

  it('falls back to the server’s message without a usable Retry-After', async () => {
    open(() => throttled('soon'));
    expect(await signInAndReadAlert()).toBe(AUTH_MESSAGES.tooManyAttempts);
  });

  it('shows the server’s message for wrong credentials', async () => {
    open(() => ({ status: 401, data: { statusCode: 401, error: 'Unauthorized', message: AUTH_MESSAGES.invalidCredentials } }));
    expect(await signInAndReadAlert()).toBe(AUTH_MESSAGES.invalidCredentials);
  });

  it('checks the fields with the shared rules before sending anything', async () => {
    let sent = 0;
    open(() => {
      sent++;
      return { status: 500 };
    });
    fill(screen.getByLabelText('Email'), 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Required')).toBeTruthy();
    expect(sent).toBe(0);
  });

  it('links to the forgotten-password page', async () => {
    open(() => ({ status: 500 }));
    fireEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot password page' })).toBeTruthy();
  });
});
