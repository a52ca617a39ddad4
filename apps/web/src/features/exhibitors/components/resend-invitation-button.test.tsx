import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { fakeAdapter, type Reply } from '@/testing/fake-adapter';
import { renderRoute } from '@/testing/render';
import { ResendInvitationButton } from './resend-invitation-button';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const originalAdapter = api.defaults.adapter;

afterEach(() => {
  api.defaults.adapter = originalAdapter;
  vi.clearAllMocks();
});

function open(answer: Reply) {
  const fake = fakeAdapter(() => answer);
  api.defaults.adapter = fake.adapter;
  renderRoute('/', [{ path: '/', element: <ResendInvitationButton exhibitor={{ id: 12, email: 'ola@nordlys.example' }} /> }]);
  fireEvent.click(screen.getByRole('button', { name: /Resend invitation/ }));
  return fake.seen;
}

describe('ResendInvitationButton', () => {
  it('asks the API to send the invitation again and confirms with a toast', async () => {
    const seen = open({ status: 204 });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Invitation sent again to ola@nordlys.example'));
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/admin/exhibitors/12/invitation' });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('shows the API’s message when the exhibitor has chosen a password meanwhile (409)', async () => {
    const message = 'This exhibitor has already chosen a password';
    open({ status: 409, data: { statusCode: 409, error: 'Conflict', message } });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(message));
    expect(toast.success).not.toHaveBeenCalled();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: /Resend invitation/ }) as HTMLButtonElement).disabled).toBe(false),
    );
  });
});
