import type { AuditEntry } from '@portal/shared/audit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { fakeAdapter, type SeenRequest } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { AuditPage } from './audit-page';

const originalAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

const entry = (id: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  createdAt: '2027-03-16T12:00:00.000Z',
  actorAdminId: 7,
  actorLabel: 'Ada Organiser <ada@example.com>',
  apiTokenId: null,
  action: 'update',
  entityType: 'event',
  entityId: '1',
  eventId: 1,
  exhibitorId: null,
  before: { name: 'Fair', city: 'Oslo' },
  after: { name: 'Spring fair', city: 'Oslo' },
  requestId: 'req-1',
  ...overrides,
});

function renderPage(pages: Record<string, { data: AuditEntry[]; nextBefore: number | null }>) {
  const session = demo.eventAdmin();
  startSession({
    admin: { ...session.user, permissions: [...session.user.permissions, 'view_logs'] },
    token: 't',
    refreshToken: 'r',
  });
  const { adapter, seen } = fakeAdapter(({ url, params }) => {
    if (url !== '/audit') return { status: 404, data: { statusCode: 404, error: 'Not Found', message: url } };
    // The log of these tests holds no badge entries.
    const page = params?.entityType ? undefined : pages[String(params?.before ?? 'first')];
    if (!page) return { status: 200, data: { data: [], meta: { per_page: 50, nextBefore: null } } };
    return { status: 200, data: { data: page.data, meta: { per_page: 50, nextBefore: page.nextBefore } } };
  });
  api.defaults.adapter = adapter;
  renderRoute('/audit', [{ path: '/audit', element: <AuditPage /> }]);
  return seen;
}

const logRequests = (seen: SeenRequest[]) =>
  seen.filter((request) => request.url === '/audit').map((request) => request.params);

describe('AuditPage', () => {
  it('opens an entry on its difference, and pages older and back to newer', async () => {
    renderPage({
      first: { data: [entry(9), entry(8, { action: 'create', before: null })], nextBefore: 8 },
      8: { data: [entry(3, { action: 'delete' })], nextBefore: null },
    });
    const open = await screen.findByRole('button', { name: 'update' });
    // Each entry names who made it in the Who column, and under the change for a phone.
    const named = screen.getAllByText('Ada Organiser <ada@example.com>');
    expect(named).toHaveLength(4);
    expect(named.filter((element) => element.closest('.sm\\:hidden'))).toHaveLength(2);
    expect(screen.getByRole('columnheader', { name: 'Who' }).className.split(' ')).toEqual(
      expect.arrayContaining(['hidden', 'sm:table-cell']),
    );
    expect(open.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    // The difference opens in a row of its own under the entry, across the table.
    const detail = document.getElementById(open.getAttribute('aria-controls')!)!;
    expect(detail.closest('td')!.colSpan).toBe(4);
    expect(detail.closest('tr')!.previousElementSibling).toBe(open.closest('tr'));
    const changed = within(detail).getByRole('region', { name: 'Changed fields' });
    expect(within(changed).getByText('Spring fair')).toBeTruthy();
    expect(screen.getByText('1 unchanged field')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Older/ }));
    expect(await screen.findByRole('button', { name: 'delete' })).toBeTruthy();
    expect((screen.getByRole('button', { name: /Older/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /Newer/ }));
    expect(await screen.findByRole('button', { name: 'update' })).toBeTruthy();
  });

  it('sends the filters to the server and starts again at the newest entry', async () => {
    const seen = renderPage({ first: { data: [entry(9)], nextBefore: 9 } });
    await screen.findByRole('button', { name: 'update' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Record type' }), { target: { value: 'badge' } });
    fill(screen.getByRole('textbox', { name: 'Record id' }), '42');
    fill(screen.getByLabelText('From (day, UTC)'), '2027-03-01');
    await waitFor(() =>
      expect(logRequests(seen).at(-1)).toEqual({ entityType: 'badge', entityId: '42', from: '2027-03-01' }),
    );
    expect(await screen.findByText('No entries match these filters')).toBeTruthy();
  });

  it('shows an error when the log cannot be read', async () => {
    startSession({ admin: demo.eventAdmin().user, token: 't', refreshToken: 'r' });
    api.defaults.adapter = fakeAdapter(() => ({
      status: 403,
      data: { statusCode: 403, error: 'Forbidden', message: 'You may not see the history' },
    })).adapter;
    renderRoute('/audit', [{ path: '/audit', element: <AuditPage /> }]);
    expect(await screen.findByText('The history could not be loaded')).toBeTruthy();
    expect(screen.getByText('You may not see the history')).toBeTruthy();
  });
});
