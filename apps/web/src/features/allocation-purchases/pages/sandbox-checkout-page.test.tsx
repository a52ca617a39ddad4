import type { SandboxSession } from '@portal/shared/allocation-purchases';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import type { Reply } from '@/testing/fake-adapter';
import { renderRoute } from '@/testing/render';
import { answerRequests } from '../testing/api';
import { SandboxCheckoutPage } from './sandbox-checkout-page';

const originalAdapter = api.defaults.adapter;

afterEach(() => {
  api.defaults.adapter = originalAdapter;
});

const SESSION: SandboxSession = {
  amount: 20000,
  currency: 'USD',
  eventName: 'Nordic Tech Expo 2027',
  description: '8 × Booth staff',
  state: 'open',
};

function open(session: Reply, outcome: Reply = { status: 200, data: { data: { redirectUrl: '/payment-status/42' } } }) {
  const seen = answerRequests(({ method }) => (method === 'POST' ? outcome : session));
  const { router } = renderRoute('/payments/sandbox/sess_0123456789', [
    { path: '/payments/sandbox/:sessionId', element: <SandboxCheckoutPage /> },
    { path: '/payment-status/:allocationPurchaseId', element: <p>Status page</p> },
  ]);
  return { seen, router };
}

describe('SandboxCheckoutPage', () => {
  it('shows amount, event and description under a test-checkout notice', async () => {
    open({ status: 200, data: { data: SESSION } });
    expect(await screen.findByText('$200.00')).toBeTruthy();
    expect(screen.getByText('Nordic Tech Expo 2027')).toBeTruthy();
    expect(screen.getByText('8 × Booth staff')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('Test payments.');
  });

  it.each([
    ['JPY', 13500, /^[¥￥]13,500$/],
    ['KWD', 135375, /^KWD\s135\.375$/],
  ])('shows a %s amount with the currency’s own decimals', async (currency, amount, shown) => {
    open({ status: 200, data: { data: { ...SESSION, currency, amount } } });
    expect(await screen.findByText(shown)).toBeTruthy();
  });

  it.each([
    ['Pay successfully', 'success'],
    ['Fail the payment', 'failure'],
    ['Abandon', 'abandon'],
  ])('“%s” sends %j and follows the redirect', async (label, outcome) => {
    const { seen, router } = open({ status: 200, data: { data: SESSION } });
    fireEvent.click(await screen.findByRole('button', { name: label }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment-status/42'));
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/payments/sandbox/sess_0123456789', body: { outcome } });
  });

  it('offers no buttons once the session is finished', async () => {
    open({ status: 200, data: { data: { ...SESSION, state: 'succeeded' } } });
    expect(await screen.findByText(/already finished \(succeeded\)/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay successfully' })).toBeNull();
  });

  it('says so when the session does not exist', async () => {
    open({ status: 404, data: { statusCode: 404, error: 'Not Found', message: 'Not found' } });
    expect((await screen.findByRole('alert')).textContent).toContain('does not exist or has expired');
  });
});
