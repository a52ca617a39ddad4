import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { renderRoute } from '@/testing/render';
import { answerRequests, listOf } from '../testing/api';
import { purchaseOf } from '../testing/fixtures';
import { PurchaseTable } from './purchase-table';

const originalAdapter = api.defaults.adapter;

afterEach(() => {
  api.defaults.adapter = originalAdapter;
});

function openPurchases(settings: { provider: string; testPayments: boolean }) {
  const requests = answerRequests(({ url }) => {
    if (url === '/payments/settings') return { status: 200, data: { data: settings } };
    return { status: 200, data: listOf([purchaseOf({ status: 'approved', amount_to_pay: 25000 })]) };
  });
  renderRoute('/allocation-purchases', [{ path: '/allocation-purchases', element: <PurchaseTable /> }]);
  return requests;
}

describe('the test-payments notice on the purchase screens', () => {
  it('says "test payments" above the purchases while the portal takes only test payments', async () => {
    openPurchases({ provider: 'sandbox', testPayments: true });
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('Test payments.');
    expect(note.textContent).toContain('no money moves');
  });

  it('is absent when payments are real', async () => {
    const requests = openPurchases({ provider: 'manual', testPayments: false });
    expect(await screen.findByText('Booth staff')).toBeTruthy();
    await waitFor(() => expect(requests.some((request) => request.url === '/payments/settings')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('note')).toBeNull();
  });
});
