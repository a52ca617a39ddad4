import type { Admin } from '@portal/shared/admins';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { fakeAdapter, type SeenRequest } from '@/testing/fake-adapter';
import { renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { AdminsPage } from './admins-page';

const originalAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

const adminFixture = (overrides: Partial<Admin> = {}): Admin => ({
  id: 7,
  email: 'lars@aurora-robotics.example',
  firstName: 'Lars',
  lastName: 'Eriksen',
  name: 'Lars Eriksen',
  roles: [{ id: 3, name: 'Exhibitor' }],
  eventId: 1,
  eventName: 'Nordic Tech Expo 2027',
  exhibitorId: 4,
  companyId: 2,
  companyName: 'Aurora Robotics AS',
  isActive: true,
  hasPassword: true,
  lastLoginAt: null,
  createdAt: '2026-09-01T08:00:00.000Z',
  updatedAt: '2026-09-01T08:00:00.000Z',
  ...overrides,
});

const page = (data: unknown[]) => ({ data, meta: { page: 1, per_page: 20, total: data.length, total_pages: 1 } });
const ROLES = [
  { id: 1, name: 'System Admin' },
  { id: 3, name: 'Exhibitor' },
];

function renderPage(path: string, admins: Admin[] = [adminFixture()]) {
  // The signed-in user is account 1.
  startSession({ admin: demo.systemAdmin().user, token: 't', refreshToken: 'r' });
  const { adapter, seen } = fakeAdapter((request) => {
    if (request.method === 'DELETE') return { status: 204 };
    if (request.method === 'POST') return { status: 204 };
    if (request.url === '/admin/roles') return { status: 200, data: page(ROLES) };
    return { status: 200, data: page(admins) };
  });
  api.defaults.adapter = adapter;
  const { router } = renderRoute(path, [{ path: '/admins', element: <AdminsPage /> }]);
  return { seen, router };
}

const listRequests = (seen: SeenRequest[]) =>
  seen.filter((request) => request.method === 'GET' && request.url === '/admin/admins');
const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });

describe('AdminsPage', () => {
  it('lists by name, keeps a sort from its header in the URL beside the role filter, and asks the API with it', async () => {
    const { seen, router } = renderPage('/admins?roleId=3');
    await screen.findByText('Lars Eriksen');
    expect(listRequests(seen)[0]!.params).toEqual({ page: 1, roleId: 3, sort: 'name' });

    fireEvent.click(within(header('Name')).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe('?roleId=3&sort=-name'));
    expect(header('Name').getAttribute('aria-sort')).toBe('descending');
    await waitFor(() => expect(listRequests(seen).at(-1)!.params).toEqual({ page: 1, roleId: 3, sort: '-name' }));
  });

  it('sorts by the created date, newest first, once its column is chosen', async () => {
    const { router } = renderPage('/admins');
    await screen.findByText('Lars Eriksen');
    expect(screen.queryByRole('columnheader', { name: /Created/ })).toBeNull();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Columns' }), { key: 'Enter' });
    const menu = await screen.findByRole('menu');
    fireEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Created' }));
    fireEvent.keyDown(menu, { key: 'Escape' });
    fireEvent.click(within(header('Created')).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=-createdAt'));
  });

  it('resends an invitation, refuses to delete the own account, and deletes another once confirmed', async () => {
    const { seen } = renderPage('/admins', [
      adminFixture({ id: 1, name: 'Sam Person', email: 'someone@example.com' }),
      adminFixture({ hasPassword: false }),
    ]);
    const self = (await screen.findByText('Sam Person')).closest('tr')!;
    expect(within(self).getByText('(you)')).toBeTruthy();
    expect((within(self).getByRole('button', { name: 'Delete Sam Person' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(self).queryByRole('button', { name: /Resend invitation/ })).toBeNull();

    const invited = screen.getByText('Lars Eriksen').closest('tr')!;
    expect(within(invited).getByText('Invited')).toBeTruthy();
    fireEvent.click(within(invited).getByRole('button', { name: 'Resend invitation to Lars Eriksen' }));
    await waitFor(() =>
      expect(seen.some((request) => request.method === 'POST' && request.url === '/admin/admins/7/invitation')).toBe(
        true,
      ),
    );

    fireEvent.click(within(invited).getByRole('button', { name: 'Delete Lars Eriksen' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(seen.some((request) => request.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete admin' }));
    await waitFor(() =>
      expect(seen.some((request) => request.method === 'DELETE' && request.url === '/admin/admins/7')).toBe(true),
    );
  });

  it('opens the admin form to edit a row', async () => {
    renderPage('/admins');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Lars Eriksen' }));
    expect(await screen.findByRole('dialog', { name: 'Edit Lars Eriksen' })).toBeTruthy();
  });

  it('says so when nobody holds the role chosen', async () => {
    renderPage('/admins?roleId=3', []);
    expect(await screen.findByText('Nobody holds this role')).toBeTruthy();
    expect(screen.getByText('Choose another role, or all roles.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
