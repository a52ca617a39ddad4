import type { PublicPaymentStatusBody } from '@portal/shared/allocation-purchases';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import type { Reply } from '@/testing/fake-adapter';
import { Link } from 'react-router';
import { QUERY_STALE_TIME_MS } from '@/config/app';
import { renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { answerRequests, type PurchaseRequest } from '../testing/api';
import { purchaseOf } from '../testing/fixtures';
import { PaymentStatusPage } from './payment-status-page';

const originalAdapter = api.defaults.adapter;

afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

function status(value: PublicPaymentStatusBody['status']): Reply {
  return {
    status: 200,
    data: { data: { status: value, amount: 20000, currency: 'USD', eventName: 'Nordic Tech Expo 2027' } },
  };
}

const SANDBOX = { provider: 'sandbox', testPayments: true };

const APPROVED = purchaseOf({ status: 'approved', accepted_amount: 8, amount_to_pay: 20000 });

function open(sync: Reply | (() => Reply), path = '/payment-status/42', settings = SANDBOX, purchase = APPROVED) {
  const requests: PurchaseRequest[] = answerRequests(({ method, url }) => {
    if (url === '/payments/settings') return { status: 200, data: { data: settings } };
    if (method === 'GET' && url === '/admin/allocation-purchases/42') return { status: 200, data: { data: purchase } };
    if (method === 'POST' && url === '/admin/allocation-purchases/42/payment-token')
      return {
        status: 200,
        data: { data: { provider: 'sandbox', url: '/payments/sandbox/session-0001', instructions: null } },
      };
    return typeof sync === 'function' ? sync() : sync;
  });
  const { router } = renderRoute(path, [
    { path: '/payment-status/:allocationPurchaseId', element: <PaymentStatusPage /> },
    { path: '/payments/sandbox/:sessionId', element: <p>Sandbox checkout</p> },
    { path: '/allocation-purchases', element: <p>Purchases</p> },
  ]);
  // The calls about this payment; the portal's payment settings and the purchase are asked for beside them.
  const aboutPayment = () =>
    requests.filter((request) => request.url !== '/payments/settings' && request.url !== '/admin/allocation-purchases/42');
  const seen = {
    get length() {
      return aboutPayment().length;
    },
    at: (index: number) => aboutPayment().at(index),
  };
  return { seen, requests, router };
}

describe('PaymentStatusPage', () => {
  it('asks the provider through the sync endpoint on load and shows a payment received', async () => {
    const { seen } = open(status('paid'));
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
    expect(seen.at(0)).toMatchObject({ method: 'GET', url: '/webhooks/allocation-purchases/42/sync-payment', params: {} });
    expect(screen.getByText('$200.00')).toBeTruthy();
    expect(screen.getByText('Nordic Tech Expo 2027')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Retry payment/ })).toBeNull();
    // Signed out: no way into the portal's purchases from here.
    expect(screen.queryByRole('link', { name: 'Back to Allocation Purchases' })).toBeNull();
  });

  it('sends the signed link’s token with the call, and says these are test payments with the sandbox', async () => {
    const { seen } = open(status('paid'), '/payment-status/42?t=mz0abc.c2lnbmF0dXJl');
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
    expect(seen.at(0)).toMatchObject({ params: { t: 'mz0abc.c2lnbmF0dXJl' } });
    expect((await screen.findByRole('note')).textContent).toContain('Test payments.');
  });

  it('shows no test-payments notice when the portal takes real payments', async () => {
    const { requests } = open(status('paid'), '/payment-status/42', { provider: 'stripe', testPayments: false });
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
    await waitFor(() => expect(requests.some((request) => request.url === '/payments/settings')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('links a signed-in payer back to the purchase', async () => {
    startSession({ admin: demo.exhibitor().user, token: 't', refreshToken: 'r' });
    open(status('paid'));
    const back = await screen.findByRole('link', { name: 'Back to Allocation Purchases' });
    expect(back.getAttribute('href')).toBe('/allocation-purchases?purchase=42');
  });

  it('shows a pending payment and checks again on request', async () => {
    let answers = 0;
    const { seen } = open(() => status(++answers === 1 ? 'pending' : 'paid'));
    expect(await screen.findByRole('heading', { name: 'Payment pending' })).toBeTruthy();
    expect(screen.getByText(/Do not pay twice/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
    expect(seen.length).toBe(2);
  });

  it.each([
    ['failed', 'Payment failed'],
    ['cancelled', 'Payment cancelled'],
  ] as const)(
    'offers a signed-in payer to retry a %s payment, which goes back to the checkout',
    async (value, title) => {
      startSession({ admin: demo.exhibitor().user, token: 't', refreshToken: 'r' });
      const { router, seen } = open(status(value));
      expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
      expect(screen.getByText('If it keeps failing, contact the organiser of Nordic Tech Expo 2027.')).toBeTruthy();
      fireEvent.click(await screen.findByRole('button', { name: 'Retry payment' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/payments/sandbox/session-0001'));
      expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/admin/allocation-purchases/42/payment-token' });
    },
  );

  it.each(['rejected', 'cancelled', 'refunded'] as const)(
    'offers no retry when the purchase behind a cancelled payment is %s, and says there is nothing to pay',
    async (purchaseStatus) => {
      startSession({ admin: demo.exhibitor().user, token: 't', refreshToken: 'r' });
      open(status('cancelled'), '/payment-status/42', SANDBOX, purchaseOf({ status: purchaseStatus }));
      expect(await screen.findByText(`This purchase is ${purchaseStatus}: there is nothing left to pay.`)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Retry payment' })).toBeNull();
      expect(screen.queryByText(/If it keeps failing/)).toBeNull();
    },
  );

  it('asks afresh each time the payer comes back: a retried payment that succeeded shows as received', async () => {
    startSession({ admin: demo.exhibitor().user, token: 't', refreshToken: 'r' });
    let paid = false;
    answerRequests(({ method, url }) => {
      if (url === '/payments/settings') return { status: 200, data: { data: SANDBOX } };
      if (method === 'POST' && url === '/admin/allocation-purchases/42/payment-token')
        return { status: 200, data: { data: { provider: 'sandbox', url: '/payments/sandbox/session-0002', instructions: null } } };
      if (method === 'GET' && url === '/admin/allocation-purchases/42') return { status: 200, data: { data: APPROVED } };
      return status(paid ? 'paid' : 'failed');
    });
    // With the app's own cache rules (answers fresh for minutes), as in the portal.
    renderRoute(
      '/payment-status/42',
      [
        { path: '/payment-status/:allocationPurchaseId', element: <PaymentStatusPage /> },
        { path: '/payments/sandbox/:sessionId', element: <Link to="/payment-status/42">Pay successfully</Link> },
      ],
      { staleTime: QUERY_STALE_TIME_MS },
    );
    expect(await screen.findByRole('heading', { name: 'Payment failed' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Retry payment' }));
    const pay = await screen.findByRole('link', { name: 'Pay successfully' });
    paid = true;
    fireEvent.click(pay);
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Payment failed' })).toBeNull();
  });

  it.each([
    ['failed', 'Payment failed'],
    ['cancelled', 'Payment cancelled'],
  ] as const)('sends a signed-out payer of a %s payment (an abandoned checkout too) to sign in and retry', async (value, title) => {
    open(status(value));
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Sign in to retry payment' });
    expect(link.getAttribute('href')).toBe('/allocation-purchases?purchase=42');
  });

  it('says so when the payment does not exist', async () => {
    open({ status: 404, data: { statusCode: 404, error: 'Not Found', message: 'Allocation purchase not found' } });
    expect(await screen.findByRole('heading', { name: 'Payment not found' })).toBeTruthy();
    expect(screen.queryByText('$200.00')).toBeNull();
  });

  it('offers to try again when the check itself failed', async () => {
    let answers = 0;
    open(() =>
      ++answers === 1
        ? {
            status: 502,
            data: { statusCode: 502, error: 'Bad Gateway', message: 'The payment provider did not answer' },
          }
        : status('paid'),
    );
    expect(await screen.findByText('The payment provider did not answer')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
  });

  it('needs no call for an id that cannot exist', async () => {
    const { seen } = open(status('paid'), '/payment-status/abc');
    expect(await screen.findByRole('heading', { name: 'Payment not found' })).toBeTruthy();
    expect(seen.length).toBe(0);
  });
});
