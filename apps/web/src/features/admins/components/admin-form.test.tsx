import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormDialog } from '@/components/form/form-dialog';
import { api } from '@/lib/api-client';
import { fakeAdapter, type SeenRequest } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { AdminForm } from './admin-form';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const originalAdapter = api.defaults.adapter;

afterEach(() => {
  api.defaults.adapter = originalAdapter;
  vi.clearAllMocks();
});

const list = (data: unknown[]) => ({ data, meta: { page: 1, per_page: 100, total: data.length, total_pages: 1 } });

function open() {
  const fake = fakeAdapter((request: SeenRequest) => {
    if (request.method === 'POST') return { status: 201, data: { data: { id: 9 } } };
    if (request.url === '/admin/roles') return { status: 200, data: list([{ id: 2, name: 'Event Admin', description: null }]) };
    return { status: 200, data: list([]) };
  });
  api.defaults.adapter = fake.adapter;
  renderRoute('/admins', [
    {
      path: '/admins',
      element: (
        <FormDialog open onClose={() => {}} title="New admin" description="Create an account.">
          <AdminForm admin={null} onSaved={() => {}} />
        </FormDialog>
      ),
    },
  ]);
  return fake.seen;
}

async function fillAccount() {
  fill(screen.getByRole('textbox', { name: /First name/ }), 'Nora');
  fill(screen.getByRole('textbox', { name: /Last name/ }), 'Nilsen');
  fill(screen.getByRole('textbox', { name: /Email/ }), 'nora@organiser.example');
  fireEvent.click(await screen.findByRole('checkbox', { name: /Event Admin/ }));
}

const created = (seen: SeenRequest[]) => seen.find((request) => request.method === 'POST' && request.url === '/admin/admins');

describe('AdminForm', () => {
  it('invites a new admin by default: no password is typed or sent', async () => {
    const seen = open();
    expect((screen.getByRole('radio', { name: /Send an invitation/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    await fillAccount();
    fireEvent.click(screen.getByRole('button', { name: 'Create admin' }));

    await waitFor(() => expect(created(seen)).toBeDefined());
    expect(created(seen)?.body).toMatchObject({ email: 'nora@organiser.example', roleIds: [2] });
    expect(created(seen)?.body).not.toHaveProperty('password');
    expect(toast.success).toHaveBeenCalledWith('Admin created; an invitation is on its way to nora@organiser.example');
  });

  it('still lets the creator set a password, checked before sending', async () => {
    const seen = open();
    fireEvent.click(screen.getByRole('radio', { name: /Set a password now/ }));
    await fillAccount();
    fill(screen.getByLabelText(/^Password/), 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Create admin' }));
    expect(await screen.findByText(/at least/i)).toBeTruthy();
    expect(created(seen)).toBeUndefined();

    fill(screen.getByLabelText(/^Password/), 'Long-Enough-Pass-1');
    fireEvent.click(screen.getByRole('button', { name: 'Create admin' }));
    await waitFor(() => expect(created(seen)?.body).toMatchObject({ password: 'Long-Enough-Pass-1' }));
  });
});
