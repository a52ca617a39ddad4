import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { answerRequests, emptyList } from '../testing/api';
import { AllocationPurchasesPage } from './allocation-purchases-page';

const originalAdapter = api.defaults.adapter;

afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
  vi.restoreAllMocks();
});

function open(session: ReturnType<typeof demo.exhibitor>) {
  startSession({ admin: session.user, token: 't', refreshToken: 'r' });
  const seen = answerRequests(({ url }) =>
    url.endsWith('invoices.zip')
      ? { status: 200, data: new Blob(['PK']), headers: { 'x-document-count': '3' } }
      : { status: 200, data: emptyList },
  );
  renderRoute('/allocation-purchases', [{ path: '/allocation-purchases', element: <AllocationPurchasesPage /> }]);
  return seen;
}

describe('AllocationPurchasesPage', () => {
  it('gives an exhibitor its own invoices of its event as one ZIP', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:zip');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const seen = open(demo.exhibitor());
    fireEvent.click(await screen.findByRole('button', { name: 'Download all invoices' }));
    await waitFor(() => expect(seen.map((request) => request.url)).toContain('/admin/events/1/invoices.zip'));
  });

  it('offers an organiser, who has no event of its own here, no such button', async () => {
    open(demo.systemAdmin());
    await screen.findByRole('heading', { name: 'Allocation Purchases' });
    expect(screen.queryByRole('button', { name: 'Download all invoices' })).toBeNull();
  });
});
