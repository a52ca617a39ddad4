import type { Company } from '@portal/shared/companies';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { fakeAdapter, type SeenRequest } from '@/testing/fake-adapter';
import { renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { CompaniesPage } from './companies-page';

const originalAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

const companyFixture = (overrides: Partial<Company> = {}): Company => ({
  id: 1,
  name: 'Aurora Robotics AS',
  country: 'Norway',
  website: 'https://aurora-robotics.example',
  vatNumber: 'NO999888777',
  address: null,
  eventId: null,
  adminCount: 0,
  createdAt: '2026-09-01T08:00:00.000Z',
  updatedAt: '2026-09-01T08:00:00.000Z',
  ...overrides,
});

function renderPage(path: string, companies: Company[] = [companyFixture()]) {
  startSession({ admin: demo.systemAdmin().user, token: 't', refreshToken: 'r' });
  const { adapter, seen } = fakeAdapter((request) => {
    if (request.method === 'DELETE') return { status: 204 };
    return {
      status: 200,
      data: { data: companies, meta: { page: 1, per_page: 20, total: companies.length, total_pages: 1 } },
    };
  });
  api.defaults.adapter = adapter;
  const { router } = renderRoute(path, [{ path: '/companies', element: <CompaniesPage /> }]);
  return { seen, router };
}

const listRequests = (seen: SeenRequest[]) =>
  seen.filter((request) => request.method === 'GET' && request.url === '/admin/companies');
const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });

describe('CompaniesPage', () => {
  it('lists by name and sorts by the created date, newest first, from its header', async () => {
    const { seen, router } = renderPage('/companies?search=aurora&page=2');
    await screen.findByText('Aurora Robotics AS');
    expect(listRequests(seen)[0]!.params).toEqual({ page: 2, search: 'aurora', sort: 'name' });
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');

    fireEvent.click(within(header('Created')).getByRole('button'));
    // A new order starts again at the first page.
    await waitFor(() => expect(router.state.location.search).toBe('?search=aurora&sort=-createdAt'));
    expect(header('Created').getAttribute('aria-sort')).toBe('descending');
    await waitFor(() =>
      expect(listRequests(seen).at(-1)!.params).toEqual({ page: 1, search: 'aurora', sort: '-createdAt' }),
    );
  });

  it('opens the company form to create and to edit', async () => {
    renderPage('/companies');
    await screen.findByText('Aurora Robotics AS');
    fireEvent.click(screen.getByRole('button', { name: 'New company' }));
    expect(await screen.findByRole('dialog', { name: 'New company' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Edit Aurora Robotics AS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit company' });
    expect((within(dialog).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Aurora Robotics AS');
  });

  it('deletes a company without accounts once confirmed, and not one with accounts', async () => {
    const { seen } = renderPage('/companies', [
      companyFixture(),
      companyFixture({ id: 2, name: 'Fjord Foods', website: null, adminCount: 2 }),
    ]);
    await screen.findByText('Fjord Foods');
    expect((screen.getByRole('button', { name: 'Delete Fjord Foods' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Aurora Robotics AS' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(seen.some((request) => request.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete company' }));
    await waitFor(() =>
      expect(seen.some((request) => request.method === 'DELETE' && request.url === '/admin/companies/1')).toBe(true),
    );
  });

  it('shows the empty state while there is no company', async () => {
    renderPage('/companies', []);
    expect(await screen.findByText('No companies yet')).toBeTruthy();
    expect(screen.getByText('Add the first exhibiting company.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says so when a search finds no company', async () => {
    renderPage('/companies?search=zebra', []);
    expect(await screen.findByText('No companies match “zebra”')).toBeTruthy();
  });
});
