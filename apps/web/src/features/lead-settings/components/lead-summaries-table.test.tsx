import type { ExhibitorLeadSummary } from '@portal/shared/leads';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { fakeAdapter, type Reply, type SeenRequest } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { LeadSummariesTable } from './lead-summaries-table';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const originalAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = originalAdapter;
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

const EVENT_ID = 7;

const summary = (overrides: Partial<ExhibitorLeadSummary> = {}): ExhibitorLeadSummary => ({
  exhibitorId: 21,
  company: 'Ābols SIA',
  email: 'info@abols.example',
  scanningEnabled: null,
  scanning: true,
  leads: 128,
  scanners: 3,
  seats: 0,
  mode: 'all',
  ...overrides,
});

const ROWS = [
  summary(),
  summary({ exhibitorId: 22, company: 'Ελαιόλαδο ΑΕ', email: 'sales@elaio.example', scanningEnabled: true, leads: 1, scanners: 1 }),
  summary({ exhibitorId: 23, company: null, email: 'solo@maker.example', scanningEnabled: false, scanning: false, leads: 0, scanners: 0 }),
];

const page = (data: ExhibitorLeadSummary[]) => ({
  status: 200,
  data: { data, meta: { page: 1, per_page: 20, total: data.length, total_pages: data.length ? 1 : 0 } },
});

function renderTable({
  rows = ROWS,
  scanningByDefault = true,
  answer,
}: { rows?: ExhibitorLeadSummary[] | Reply; scanningByDefault?: boolean; answer?: (request: SeenRequest) => Reply | undefined } = {}) {
  const { adapter, seen } = fakeAdapter((request) => {
    const answered = answer?.(request);
    if (answered) return answered;
    if (request.method === 'PUT') {
      const id = Number(/exhibitors\/(\d+)\//.exec(request.url)![1]);
      const { scanningEnabled } = request.body as { scanningEnabled: boolean | null };
      const row = (Array.isArray(rows) ? rows : ROWS).find((r) => r.exhibitorId === id)!;
      return { status: 200, data: { data: { ...row, scanningEnabled, scanning: scanningEnabled ?? scanningByDefault } } };
    }
    return Array.isArray(rows) ? page(rows) : rows;
  });
  api.defaults.adapter = adapter;
  renderRoute('/events/7?tab=leads', [
    { path: '/events/:id', element: <LeadSummariesTable eventId={EVENT_ID} scanningByDefault={scanningByDefault} /> },
  ]);
  return seen;
}

const puts = (seen: SeenRequest[]) => seen.filter((request) => request.method === 'PUT');
const scanningOf = (name: string) => screen.getByRole('combobox', { name: `Lead scanning for ${name}` }) as HTMLSelectElement;

describe('the exhibitors’ lead counts', () => {
  it('lists each exhibitor with its leads, scanners and switch; an exhibitor without a company by its email', async () => {
    const seen = renderTable();
    const row = (await screen.findByText('Ābols SIA')).closest('tr')!;
    expect(within(row).getByText('128')).toBeTruthy();
    expect(within(row).getByText('info@abols.example')).toBeTruthy();
    expect(scanningOf('Ābols SIA').value).toBe('default');
    expect(within(scanningOf('Ābols SIA')).getByRole('option', { name: 'Default (on)' })).toBeTruthy();
    expect(scanningOf('Ελαιόλαδο ΑΕ').value).toBe('on');
    expect(scanningOf('solo@maker.example').value).toBe('off');
    expect(seen[0]).toMatchObject({ url: `/admin/events/${EVENT_ID}/lead-summaries`, params: { page: 1, sort: 'company' } });
  });

  it('asks before turning scanning off, and sends nothing when the question is dismissed', async () => {
    const seen = renderTable();
    fireEvent.change(await screen.findByRole('combobox', { name: 'Lead scanning for Ābols SIA' }), { target: { value: 'off' } });
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Turn off lead scanning for Ābols SIA?')).toBeTruthy();
    expect(within(dialog).getByText(/The 128 leads it has stay its own/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(puts(seen)).toEqual([]);

    fireEvent.change(scanningOf('Ābols SIA'), { target: { value: 'off' } });
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Turn off scanning' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Lead scanning turned off for Ābols SIA'));
    expect(puts(seen)).toHaveLength(1);
    expect(puts(seen)[0]).toMatchObject({ url: '/admin/exhibitors/21/lead-access', body: { scanningEnabled: false } });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('words the question for an exhibitor with one lead', async () => {
    renderTable();
    fireEvent.change(await screen.findByRole('combobox', { name: 'Lead scanning for Ελαιόλαδο ΑΕ' }), { target: { value: 'off' } });
    expect(within(await screen.findByRole('alertdialog')).getByText(/Its one lead stays its own/)).toBeTruthy();
  });

  it('turns scanning on, or back to the default, without asking when nothing is turned off', async () => {
    const seen = renderTable();
    fireEvent.change(await screen.findByRole('combobox', { name: 'Lead scanning for solo@maker.example' }), { target: { value: 'default' } });
    fireEvent.change(scanningOf('Ābols SIA'), { target: { value: 'on' } });
    await waitFor(() => expect(puts(seen)).toHaveLength(2));
    expect(puts(seen).map((request) => [request.url, request.body])).toEqual([
      ['/admin/exhibitors/23/lead-access', { scanningEnabled: null }],
      ['/admin/exhibitors/21/lead-access', { scanningEnabled: true }],
    ]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks too when going back to a default of add-on seats where none were bought, and not where some were', async () => {
    const seen = renderTable({ scanningByDefault: false });
    expect(
      within(await screen.findByRole('combobox', { name: 'Lead scanning for Ελαιόλαδο ΑΕ' })).getByRole('option', { name: 'Default (add-on seats)' }),
    ).toBeTruthy();
    fireEvent.change(scanningOf('Ελαιόλαδο ΑΕ'), { target: { value: 'default' } });
    expect(await screen.findByRole('alertdialog')).toBeTruthy();
    expect(puts(seen)).toEqual([]);
  });

  it('keeps scanning when going back to a default of add-on seats the exhibitor bought', async () => {
    const seen = renderTable({
      scanningByDefault: false,
      rows: [summary({ exhibitorId: 22, company: 'Ελαιόλαδο ΑΕ', scanningEnabled: true, scanning: true, mode: 'all', seats: 2 })],
    });
    fireEvent.change(await screen.findByRole('combobox', { name: 'Lead scanning for Ελαιόλαδο ΑΕ' }), { target: { value: 'default' } });
    await waitFor(() =>
      expect(puts(seen).map((request) => [request.url, request.body])).toEqual([['/admin/exhibitors/22/lead-access', { scanningEnabled: null }]]),
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows the seats bought where the event sells scanning as an add-on, and nothing of seats elsewhere', async () => {
    renderTable({
      scanningByDefault: false,
      rows: [
        summary({ mode: 'seats', seats: 3 }),
        summary({ exhibitorId: 22, company: 'Ελαιόλαδο ΑΕ', mode: 'seats', seats: 1, scanning: false }),
        summary({ exhibitorId: 23, company: 'Ёлка ООО', scanningEnabled: true, mode: 'all', seats: 2 }),
      ],
    });
    const row = (name: string) => screen.getByText(name).closest('tr')!;
    await screen.findByText('Ābols SIA');
    expect(within(row('Ābols SIA')).getByText('Add-on: 3 seats')).toBeTruthy();
    expect(within(row('Ελαιόλαδο ΑΕ')).getByText('Add-on: 1 seat')).toBeTruthy();
    expect(within(row('Ёлка ООО')).queryByText(/Add-on/)).toBeNull();
  });

  it('searches and sorts through the server, most leads first at the first click on Leads', async () => {
    const seen = renderTable();
    await screen.findByText('Ābols SIA');
    fireEvent.click(screen.getByRole('button', { name: 'Leads' }));
    await waitFor(() => expect(seen.at(-1)?.params).toMatchObject({ sort: '-leads', page: 1 }));
    expect(screen.getByRole('columnheader', { name: 'Leads' }).getAttribute('aria-sort')).toBe('descending');
    fill(screen.getByRole('searchbox', { name: 'Search exhibitors' }), 'ābols');
    await waitFor(() => expect(seen.at(-1)?.params).toMatchObject({ search: 'ābols', sort: '-leads', page: 1 }));
    fireEvent.click(screen.getByRole('button', { name: 'Company' }));
    await waitFor(() => expect(seen.at(-1)?.params).toMatchObject({ search: 'ābols', sort: 'company' }));
  });

  it('has an empty state', async () => {
    renderTable({ rows: [] });
    expect(await screen.findByText('No exhibitors at this event yet')).toBeTruthy();
  });

  it('says when the counts cannot be loaded', async () => {
    renderTable({ rows: { status: 500, data: { statusCode: 500, error: 'Internal Server Error', message: 'Database unavailable' } } });
    expect(await screen.findByText('The exhibitors could not be loaded')).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
  });

  it('shows the server’s refusal of a change', async () => {
    const seen = renderTable({
      answer: (request) =>
        request.method === 'PUT' ? { status: 404, data: { statusCode: 404, error: 'Not Found', message: 'Exhibitor not found' } } : undefined,
    });
    fireEvent.change(await screen.findByRole('combobox', { name: 'Lead scanning for Ābols SIA' }), { target: { value: 'on' } });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Exhibitor not found'));
    expect(puts(seen)).toHaveLength(1);
    expect(scanningOf('Ābols SIA').value).toBe('default');
  });
});
