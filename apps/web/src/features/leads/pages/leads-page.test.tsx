import type { Lead, LeadExportLogEntry, LeadFigures } from '@portal/shared/leads';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { fakeAdapter, type Reply, type SeenRequest } from '@/testing/fake-adapter';
import { renderRoute } from '@/testing/render';
import { demo, type sessionOf } from '@/testing/sessions';
import { FIGURES, leadFixture } from '../testing/fixtures';
import { LeadsPage } from './leads-page';

const originalAdapter = api.defaults.adapter;
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:leads');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

const LOG: LeadExportLogEntry[] = [
  { id: 1, byName: 'Lars Eriksen', format: 'xlsx', rows: 12, createdAt: '2027-03-16T15:30:00.000Z' },
];

type Setup = {
  session?: ReturnType<typeof sessionOf>;
  leads?: Lead[];
  figures?: LeadFigures;
  answer?: (r: SeenRequest) => Reply | undefined;
};

function renderPage(
  path: string,
  { session = demo.exhibitor(), leads = [leadFixture()], figures = FIGURES, answer }: Setup = {},
) {
  startSession({ admin: session.user, token: 't', refreshToken: 'r' });
  const { adapter, seen } = fakeAdapter((request) => {
    const answered = answer?.(request);
    if (answered) return answered;
    const { url, method } = request;
    if (url === '/leads')
      return {
        status: 200,
        data: { data: leads, meta: { page: 1, per_page: 20, total: leads.length, total_pages: 1 } },
      };
    if (url === '/leads/figures') return { status: 200, data: { data: figures } };
    if (url === '/leads/team-settings' && method === 'GET')
      return { status: 200, data: { data: { shareWithTeam: false } } };
    if (url === '/leads/team-settings' && method === 'PUT') return { status: 200, data: { data: request.body } };
    if (url === '/leads/exports')
      return { status: 200, data: { data: LOG, meta: { page: 1, per_page: 20, total: 1, total_pages: 1 } } };
    if (url === '/leads/export') {
      return {
        status: 200,
        data: new Blob(['xlsx']),
        headers: { 'content-disposition': "attachment; filename*=UTF-8''leads-4.xlsx" },
      };
    }
    return { status: 404, data: { statusCode: 404, error: 'Not Found', message: 'Not found' } };
  });
  api.defaults.adapter = adapter;
  const { router } = renderRoute(path, [
    { path: '/leads', element: <LeadsPage /> },
    { path: '/leads/:id', element: <p>Lead page</p> },
    { path: '/leads/scan', element: <p>Scan page</p> },
  ]);
  return { seen, router };
}

const listRequests = (seen: SeenRequest[]) => seen.filter((request) => request.url === '/leads');

describe('LeadsPage', () => {
  it('reads its filters from the URL, keeps each change in it, and asks the API with them', async () => {
    const { seen, router } = renderPage('/leads?rating=hot&page=2&day=2027-03-16');
    await screen.findByRole('link', { name: 'Līga Bērziņa' });
    expect(listRequests(seen)[0]!.params).toEqual({ rating: 'hot', day: '2027-03-16', page: 2 });

    fireEvent.change(screen.getByLabelText('Filter by staff member'), { target: { value: '5' } });
    await waitFor(() => expect(router.state.location.search).toContain('scannerId=5'));
    // A new filter starts again at the first page.
    expect(router.state.location.search).not.toContain('page=');
    await waitFor(() =>
      expect(listRequests(seen).at(-1)!.params).toEqual({ rating: 'hot', day: '2027-03-16', scannerId: 5, page: 1 }),
    );
    // The removed staff member (no id) is no choice; the days come from the figures.
    const staff = within(screen.getByLabelText('Filter by staff member')).getAllByRole('option');
    expect(staff.map((option) => option.textContent)).toEqual(['Everyone', 'Emil Staff', 'Lars Eriksen']);
    expect(within(screen.getByLabelText(/Filter by day/)).getAllByRole('option')).toHaveLength(3);

    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(router.state.location.search).toContain('sort=name'));
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(router.state.location.search).toContain('sort=-name'));
    await waitFor(() => expect(listRequests(seen).at(-1)!.params).toMatchObject({ sort: '-name' }));

    fireEvent.change(screen.getByLabelText('Filter by rating'), { target: { value: '' } });
    await waitFor(() => expect(router.state.location.search).not.toContain('rating'));
  });

  it('shows each lead’s time on the event’s clock and its team’s work', async () => {
    renderPage('/leads', {
      leads: [
        leadFixture({
          rating: 'hot',
          tags: ['demo', 'Ρομποτική'],
          notes: [
            {
              id: 'note-0001',
              text: 'Hi',
              authorId: 2,
              authorName: 'Emil Staff',
              createdAt: '2027-03-16T08:06:00.000Z',
              updatedAt: '2027-03-16T08:06:00.000Z',
            },
          ],
        }),
      ],
    });
    const row = (await screen.findByRole('link', { name: 'Līga Bērziņa' })).closest('tr')!;
    // 08:05 UTC is 09:05 in Oslo.
    expect(within(row).getAllByText(/09:05/).length).toBeGreaterThan(0);
    expect(within(row).getByText('Hot')).toBeTruthy();
    expect(within(row).getByText('Ρομποτική')).toBeTruthy();
    expect(within(row).getByText('Emil Staff')).toBeTruthy();
    expect(within(row).getByText('Līga Bērziņa').getAttribute('href')).toBe('/leads/7');
    expect(screen.getByRole('table', { name: 'Leads per staff member' })).toBeTruthy();
  });

  it('exports with the filters of the list, and reads the export log again', async () => {
    const { seen } = renderPage('/leads?rating=warm&tag=demo&sort=name&search=R%C4%ABga');
    await screen.findByText('Lars Eriksen', { selector: 'td' });
    const logReads = () => seen.filter((request) => request.url === '/leads/exports').length;
    expect(logReads()).toBe(1);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Export' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Export .xlsx' }));
    await waitFor(() => expect(seen.some((request) => request.url === '/leads/export')).toBe(true));
    expect(seen.find((request) => request.url === '/leads/export')!.params).toEqual({
      rating: 'warm',
      tag: 'demo',
      sort: 'name',
      search: 'Rīga',
      format: 'xlsx',
    });
    await waitFor(() => expect(logReads()).toBe(2));
    expect(URL.createObjectURL).toHaveBeenCalled();
  });

  it('sorts a column its natural way first, then the other way, from its header', async () => {
    const { router } = renderPage('/leads');
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}$`) });
    await screen.findByRole('link', { name: 'Līga Bērziņa' });
    // Unsorted, the list is newest scan first: the Scanned header turns it to oldest first.
    expect(header('Scanned').getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(within(header('Scanned')).getByRole('button'));
    expect(router.state.location.search).toBe('?sort=scannedAt');
    fireEvent.click(within(header('Name')).getByRole('button'));
    expect(router.state.location.search).toBe('?sort=name');
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Rating').getAttribute('aria-sort')).toBeNull();
    fireEvent.click(within(header('Name')).getByRole('button'));
    expect(router.state.location.search).toBe('?sort=-name');
    fireEvent.click(within(header('Rating')).getByRole('button'));
    expect(router.state.location.search).toBe('?sort=-rating');
  });

  it('lets the exhibitor account share the leads with its sub-accounts', async () => {
    const { seen } = renderPage('/leads');
    const toggle = await screen.findByRole('switch', { name: 'Sub-accounts see every lead of the team' });
    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(seen.find((request) => request.method === 'PUT')).toMatchObject({
        url: '/leads/team-settings',
        body: { shareWithTeam: true },
      }),
    );
  });

  it('shows a sub-account neither the sharing switch nor the export log', async () => {
    const { seen } = renderPage('/leads', { session: demo.subAccount() });
    await screen.findByRole('link', { name: 'Līga Bērziņa' });
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByText('Export log')).toBeNull();
    expect(seen.some((request) => request.url === '/leads/team-settings' || request.url === '/leads/exports')).toBe(
      false,
    );
  });

  it('explains how to scan while the team has no lead', async () => {
    renderPage('/leads', { leads: [], figures: { total: 0, perDay: [], perScanner: [] } });
    expect(await screen.findByText('No leads yet')).toBeTruthy();
    expect(screen.getByText(/point its camera at the QR code/)).toBeTruthy();
    // Nothing to export yet: the list, and its Export menu, appear with the first lead.
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
    expect(
      screen.getAllByRole('link', { name: 'Scan leads' }).every((link) => link.getAttribute('href') === '/leads/scan'),
    ).toBe(true);
  });
});
