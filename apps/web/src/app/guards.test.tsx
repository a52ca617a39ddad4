import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { clearSession, startSession } from '@/lib/session';
import { demo } from '@/testing/sessions';
import { RequirePermissions } from './guards';
import { LogoutButton } from './layout/logout-button';

function renderAt(path: string, element: ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/guarded', element },
      { path: '/unauthorized', element: <h1>Access Denied</h1> },
    ],
    { initialEntries: [path] },
  );
  return render(<RouterProvider router={router} />);
}

describe('RequirePermissions', () => {
  afterEach(() => clearSession());

  it('renders the page when every permission is held', async () => {
    const { user } = demo.eventAdmin();
    startSession({ admin: user, token: 't', refreshToken: 'r' });
    renderAt(
      '/guarded',
      <RequirePermissions permissions={['view_reports', 'manage_admins']}>secret page</RequirePermissions>,
    );
    expect(await screen.findByText('secret page')).toBeTruthy();
  });

  it('sends a user missing one permission to Access Denied (AND)', async () => {
    const { user } = demo.exhibitor();
    startSession({ admin: user, token: 't', refreshToken: 'r' });
    renderAt(
      '/guarded',
      <RequirePermissions permissions={['view_exhibitor_users', 'manage_admins']}>secret page</RequirePermissions>,
    );
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.queryByText('secret page')).toBeNull();
  });

  it('accepts any one permission in OR mode, or shows the fallback', async () => {
    const { user } = demo.exhibitor();
    startSession({ admin: user, token: 't', refreshToken: 'r' });
    renderAt(
      '/guarded',
      <>
        <RequirePermissions permissions={['manage_admins', 'view_sub_accounts']} mode="any">
          either page
        </RequirePermissions>
        <RequirePermissions permissions={['manage_admins']} fallback={<p>not for you</p>}>
          admin page
        </RequirePermissions>
      </>,
    );
    expect(await screen.findByText('either page')).toBeTruthy();
    expect(screen.getByText('not for you')).toBeTruthy();
    expect(screen.queryByText('admin page')).toBeNull();
  });
});

describe('LogoutButton', () => {
  it('asks for confirmation with the spec’s title and text before signing out', async () => {
    const { user } = demo.eventAdmin();
    startSession({ admin: user, token: 't', refreshToken: 'r' });
    render(<LogoutButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Are you absolutely sure?');
    expect(dialog.textContent).toContain(
      'This action cannot be undone. This will permanently sign you out of your account.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(localStorage.getItem('exhibitor-portal-auth')).not.toBeNull();
    clearSession();
  });
});
