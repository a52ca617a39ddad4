import { AUTH_MESSAGES } from '@portal/shared/auth';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { fakeAdapter, type Reply } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { ForgotPasswordPage } from './forgot-password-page';

const originalAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = originalAdapter;
});

function open(answer: () => Reply) {
  const fake = fakeAdapter(answer);
  api.defaults.adapter = fake.adapter;
  renderRoute('/forgot-password', [
    { path: '/forgot-password', element: <ForgotPasswordPage /> },
    { path: '/login', element: <h1>Sign in page</h1> },
  ]);
  return fake.seen;
}

describe('ForgotPasswordPage', () => {
  it('sends the email and says to check the mailbox, whatever the account', async () => {
    const seen = open(() => ({ status: 202, data: { message: AUTH_MESSAGES.passwordResetRequested } }));
    fill(screen.getByLabelText('Email'), 'lena@nordlicht.example');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    const message = await screen.findByText(AUTH_MESSAGES.passwordResetRequested);
    expect(message.closest('[role="status"]')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(seen).toEqual([
      expect.objectContaining({ method: 'POST', url: '/auth/password-reset/request', body: { email: 'lena@nordlicht.example' } }),
    ]);
    fireEvent.click(screen.getByRole('link', { name: 'Back to sign-in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeTruthy();
  });

  it('checks the email before sending anything', async () => {
    const seen = open(() => ({ status: 202, data: { message: 'sent' } }));
    fill(screen.getByLabelText('Email'), 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(seen).toEqual([]);
  });

  it('keeps the form and gives the server’s reason when it refuses', async () => {
    open(() => ({
      status: 429,
      data: { statusCode: 429, error: 'Too Many Requests', message: AUTH_MESSAGES.tooManyResetRequests },
      headers: { 'retry-after': '600' },
    }));
    fill(screen.getByLabelText('Email'), 'lena@nordlicht.example');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toContain(AUTH_MESSAGES.tooManyResetRequests);
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeTruthy();
  });
});
