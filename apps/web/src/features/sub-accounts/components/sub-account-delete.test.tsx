import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeleteAccountDialog } from '@/components/delete-account-dialog';
import { api } from '@/lib/api-client';
import { fakeAdapter, type Reply, type SeenRequest } from '@/testing/fake-adapter';
import { renderRoute } from '@/testing/render';
import { useAnonymiseSubAccount } from '../api/anonymise-sub-account';
import { useDeleteSubAccount } from '../api/delete-sub-account';
import { SUB_ACCOUNT_ANONYMISED } from './sub-account-status';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const originalAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = originalAdapter;
  vi.clearAllMocks();
});

const KEPT =
  'This sub-account is named on 1 purchase and 1 invoice or credit note. Financial records are kept, so it cannot be deleted. Deactivate it instead, or anonymise it to remove its personal data: its invoices keep the copy made when they were issued.';

function SubAccountDelete() {
  const [account, setAccount] = useState<{ id: number; name: string } | null>({ id: 7, name: 'Per Hansen' });
  return (
    <DeleteAccountDialog
      account={account}
      noun="sub-account"
      description="Per Hansen will lose access and be deleted permanently."
      anonymiseDescription={SUB_ACCOUNT_ANONYMISED}
      remove={useDeleteSubAccount()}
      anonymise={useAnonymiseSubAccount()}
      onClose={() => setAccount(null)}
    />
  );
}

function open(answer: (request: SeenRequest) => Reply) {
  const fake = fakeAdapter(answer);
  api.defaults.adapter = fake.adapter;
  renderRoute('/', [{ path: '/', element: <SubAccountDelete /> }]);
  return fake.seen;
}

describe('deleting a sub-account', () => {
  it('deletes one that holds no financial record', async () => {
    const seen = open(() => ({ status: 204 }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete sub-account' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Per Hansen deleted'));
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual(['DELETE /admin/sub-accounts/7']);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('shows the API’s 409 in the dialog and offers to anonymise instead, which it does on confirmation', async () => {
    const seen = open((request) =>
      request.method === 'DELETE'
        ? { status: 409, data: { statusCode: 409, error: 'Conflict', message: KEPT } }
        : { status: 200, data: { data: { id: 7, name: 'Anonymised account' } } },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete sub-account' }));
    await screen.findByText(KEPT);
    expect(screen.getByRole('heading', { name: 'Anonymise this sub-account instead?' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete sub-account' })).toBeNull();
    expect(toast.error).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Anonymise sub-account' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Per Hansen anonymised'));
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      'DELETE /admin/sub-accounts/7',
      'POST /admin/sub-accounts/7/anonymise',
    ]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('shows any other refusal as a toast and closes', async () => {
    open(() => ({ status: 404, data: { statusCode: 404, error: 'Not Found', message: 'Sub-account not found' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete sub-account' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Sub-account not found'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});
