import type { AuditEntry } from '@portal/shared/audit';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { fakeAdapter } from '@/testing/fake-adapter';
import { renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { HistorySection, RecordHistory } from './record-history';

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
  entityType: 'badge',
  entityId: '42',
  eventId: 1,
  exhibitorId: 4,
  before: { lastName: 'Berg' },
  after: { lastName: 'Berg-Dahl' },
  requestId: 'req-1',
  ...overrides,
});

function serve(answer: { status: number; data: unknown }) {
  startSession({ admin: demo.eventAdmin().user, token: 't', refreshToken: 'r' });
  const { adapter, seen } = fakeAdapter(() => answer);
  api.defaults.adapter = adapter;
  return seen;
}
const page = (data: AuditEntry[], nextBefore: number | null = null) => ({
  status: 200,
  data: { data, meta: { per_page: 50, nextBefore } },
});

describe('RecordHistory', () => {
  it('lists a record’s entries as rows, each opening on its difference beneath it, with no column choice', async () => {
    const seen = serve(page([entry(9), entry(8, { action: 'create', before: null })], 8));
    renderRoute('/badge', [{ path: '/badge', element: <RecordHistory kind="badge" id={42} /> }]);
    const open = await screen.findByRole('button', { name: 'update' });
    expect(seen.at(-1)!.url).toBe('/audit/records/badge/42');
    // A record's own history does not name the record on every row.
    expect(screen.queryByRole('columnheader', { name: 'Record' })).toBeNull();
    expect(screen.queryByText('badge #42')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Columns' })).toBeNull();
    fireEvent.click(open);
    const detail = document.getElementById(open.getAttribute('aria-controls')!)!;
    expect(detail.closest('tr')!.previousElementSibling).toBe(open.closest('tr'));
    expect(within(detail).getByText('Berg-Dahl')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Older/ })).toBeTruthy();
  });

  it('names each entry’s record where a history gathers several, under its own heading', async () => {
    serve(page([entry(9), entry(5, { entityType: 'allocation', entityId: '3' })]));
    renderRoute('/exhibitor', [
      { path: '/exhibitor', element: <HistorySection kind="exhibitor" id={4} showRecord /> },
    ]);
    const section = await screen.findByRole('region', { name: 'History' });
    await within(section).findAllByText('badge #42');
    expect(within(section).getByRole('columnheader', { name: 'Record' })).toBeTruthy();
    expect(within(section).getAllByText('allocation #3').length).toBeGreaterThan(0);
  });

  it('says when nothing is recorded', async () => {
    serve(page([]));
    renderRoute('/empty', [{ path: '/empty', element: <RecordHistory kind="template" id={2} /> }]);
    expect(await screen.findByText('No changes recorded yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when the history cannot be read', async () => {
    serve({ status: 500, data: { statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong' } });
    renderRoute('/broken', [{ path: '/broken', element: <RecordHistory kind="template" id={3} /> }]);
    expect(await screen.findByText('The history could not be loaded')).toBeTruthy();
  });
});
