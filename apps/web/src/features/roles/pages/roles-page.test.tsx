import type { Role } from '@portal/shared/roles';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { fakeAdapter, type SeenRequest } from '@/testing/fake-adapter';
import { renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { RolesPage } from './roles-page';

const originalAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

const roleFixture = (overrides: Partial<Role> = {}): Role => ({
  id: 5,
  name: 'Badge Desk',
  description: 'Prints badges at the door',
  permissions: ['view_badges'],
  isSystem: false,
  adminCount: 0,
  createdAt: '2026-09-01T08:00:00.000Z',
  updatedAt: '2026-09-01T08:00:00.000Z',
  ...overrides,
});

function renderPage(path: string, roles: Role[] = [roleFixture()]) {
  startSession({ admin: demo.systemAdmin().user, token: 't', refreshToken: 'r' });
  const { adapter, seen } = fakeAdapter((request) => {
    if (request.method === 'DELETE') return { status: 204 };
    return {
      status: 200,
      data: { data: roles, meta: { page: 1, per_page: 20, total: roles.length, total_pages: 1 } },
    };
  });
  api.defaults.adapter = adapter;
  const { router } = renderRoute(path, [{ path: '/roles', element: <RolesPage /> }]);
  return { seen, router };
}

const listRequests = (seen: SeenRequest[]) =>
  seen.filter((request) => request.method === 'GET' && request.url === '/admin/roles');
const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });

describe('RolesPage', () => {
  it('lists by name and sorts from the Role header both ways, in the URL and the API', async () => {
    const { seen, router } = renderPage('/roles');
    await screen.findByText('Badge Desk');
    expect(listRequests(seen)[0]!.params).toEqual({ page: 1, sort: 'name' });
    expect(header('Role').getAttribute('aria-sort')).toBe('ascending');

    fireEvent.click(within(header('Role')).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=-name'));
    await waitFor(() => expect(listRequests(seen).at(-1)!.params).toEqual({ page: 1, sort: '-name' }));
    fireEvent.click(within(header('Role')).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('reads the created-date sort from the URL', async () => {
    const { seen } = renderPage('/roles?sort=-createdAt');
    await screen.findByText('Badge Desk');
    expect(listRequests(seen)[0]!.params).toEqual({ page: 1, sort: '-createdAt' });
  });

  it('keeps built-in roles and roles in use, and deletes another once confirmed', async () => {
    const { seen } = renderPage('/roles', [
      roleFixture({ id: 1, name: 'System Admin', isSystem: true }),
      roleFixture({ id: 2, name: 'Floor Staff', adminCount: 3 }),
      roleFixture(),
    ]);
    await screen.findByText('Badge Desk');
    expect(within(screen.getByText('System Admin').closest('tr')!).getByText('Built-in')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Delete System Admin' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Delete Floor Staff' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Badge Desk' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(seen.some((request) => request.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete role' }));
    await waitFor(() =>
      expect(seen.some((request) => request.method === 'DELETE' && request.url === '/admin/roles/5')).toBe(true),
    );
  });

  it('opens the role form to create', async () => {
    renderPage('/roles');
    await screen.findByText('Badge Desk');
    fireEvent.click(screen.getByRole('button', { name: 'New role' }));
    expect(await screen.findByRole('dialog', { name: 'New role' })).toBeTruthy();
  });

  it('shows the empty state while there is no role', async () => {
    renderPage('/roles', []);
    expect(await screen.findByText('No roles yet')).toBeTruthy();
    expect(screen.getByText('Create a role to grant permissions.')).toBeTruthy();
  });
});
