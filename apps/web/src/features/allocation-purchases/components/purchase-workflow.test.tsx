import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { AllocationPurchasesPage } from '../pages/allocation-purchases-page';
import { answerRequests, emptyList, listOf } from '../testing/api';
import { purchaseOf } from '../testing/fixtures';

const originalAdapter = api.defaults.adapter;

beforeEach(() => {
  const { user } = demo.eventAdmin();
  startSession({ admin: user, token: 't', refreshToken: 'r' });
  answerRequests(({ url }) =>
    url === '/admin/allocation-purchases'
      ? { status: 200, data: listOf([purchaseOf()]) }
      : { status: 200, data: emptyList },
  );
});

afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

describe('cancelling a purchase', () => {
  it('asks with two buttons that cannot be taken for each other', async () => {
    renderRoute('/allocation-purchases', [{ path: '/allocation-purchases', element: <AllocationPurchasesPage /> }]);
    const row = (await screen.findAllByText('Aurora Robotics AS'))[0]!.closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /^Cancel/ }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Cancel this purchase?' }));
    expect(confirm.getByRole('button', { name: 'Cancel purchase' })).toBeTruthy();
    expect(confirm.getByRole('button', { name: 'Keep purchase' })).toBeTruthy();
    expect(confirm.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });
});
