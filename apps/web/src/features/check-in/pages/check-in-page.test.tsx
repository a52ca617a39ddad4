import type { CheckInFigures, CheckInList, CheckInLogEntry, Device, Pairing } from '@portal/shared/check-in';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { fakeAdapter, type Reply, type SeenRequest } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { demo, sessionOf } from '@/testing/sessions';
import { CATEGORIES, deviceFixture, EVENT, listFixture, logEntryFixture } from '../testing/fixtures';
import { CheckInPage } from './check-in-page';

const originalAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

const PAIRING: Pairing = {
  device: deviceFixture(),
  // As the API sends it: the code formatted for reading, the link carrying it plain.
  code: 'K7M2-P9QX',
  url: 'https://portal.example.com/check-in/pair#code=K7M2P9QX',
  expiresAt: '2027-03-16T13:20:00.000Z',
};

const FIGURES: CheckInFigures = {
  timezone: EVENT.timezone,
  lists: [
    {
      listId: 41,
      name: 'Main entrance',
      inside: 128,
      total: 342,
      perHour: [
        { hour: '2027-03-16T13:00:00.000Z', entries: 200 },
        { hour: '2027-03-16T14:00:00.000Z', entries: 142 },
      ],
    },
  ],
};

type Setup = {
  session?: ReturnType<typeof sessionOf>;
  lists?: CheckInList[];
  devices?: Device[];
  log?: CheckInLogEntry[];
  answer?: (request: SeenRequest) => Reply | undefined;
};

function renderPage(
  path: string,
  {
    session = demo.eventAdmin(),
    lists = [listFixture()],
    devices = [deviceFixture()],
    log = [logEntryFixture()],
    answer,
  }: Setup = {},
) {
  startSession({ admin: session.user, token: 't', refreshToken: 'r' });
  const { adapter, seen } = fakeAdapter((request) => {
    const answered = answer?.(request);
    if (answered) return answered;
    const { url, method } = request;
    if (url === `/events/${EVENT.id}`) return { status: 200, data: { data: EVENT } };
    if (url === `/admin/badge-categories/event/${EVENT.id}`) return { status: 200, data: { data: CATEGORIES } };
    if (url === `/admin/events/${EVENT.id}/check-in-lists` && method === 'GET')
      return { status: 200, data: { data: lists } };
    if (url === `/admin/events/${EVENT.id}/check-in-lists` && method === 'POST') {
      return { status: 201, data: { data: listFixture({ ...(request.body as Partial<CheckInList>), id: 42 }) } };
    }
    if (url === `/admin/events/${EVENT.id}/check-in-devices` && method === 'GET')
      return { status: 200, data: { data: devices } };
    if (url === `/admin/events/${EVENT.id}/check-in-devices` && method === 'POST')
      return { status: 201, data: { data: PAIRING } };
    if (url === `/admin/events/${EVENT.id}/check-ins`) {
      return { status: 200, data: { data: log, meta: { page: 1, per_page: 25, total: log.length, total_pages: 1 } } };
    }
    if (url === `/admin/events/${EVENT.id}/check-in-figures`) return { status: 200, data: { data: FIGURES } };
    if (method === 'POST') return { status: 200, data: { data: {} } };
    return { status: 404, data: { statusCode: 404, error: 'Not Found', message: 'Not found' } };
  });
  api.defaults.adapter = adapter;
  const { router } = renderRoute(path, [{ path: '/events/:eventId/check-in', element: <CheckInPage /> }]);
  return { seen, router };
}

const logRequests = (seen: SeenRequest[]) =>
  seen.filter((request) => request.url === `/admin/events/${EVENT.id}/check-ins`);

describe('CheckInPage lists', () => {
  it('turns the times typed on the event’s clock into the right instants', async () => {
    const { seen } = renderPage(`/events/${EVENT.id}/check-in?tab=lists`, { lists: [] });
    fireEvent.click(await screen.findByRole('button', { name: 'New list' }));
    fill(await screen.findByLabelText(/^Name/), 'Main entrance');
    expect(screen.getByText('America/New York')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Exhibitor badges admitted' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add time window for visitor badges' }));
    fill(screen.getByLabelText('Visitor badges, window 1, from'), '2027-03-16T09:00');
    fill(screen.getByLabelText('Visitor badges, window 1, to'), '2027-03-16T17:30');
    fireEvent.click(screen.getByRole('switch', { name: /Scan exits too/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create list' }));
    await waitFor(() => expect(seen.some((request) => request.method === 'POST')).toBe(true));
    expect(seen.find((request) => request.method === 'POST')!.body).toEqual({
      name: 'Main entrance',
      rules: [
        { badgeType: 'exhibitor', windows: [] },
        // New York is on summer time (UTC−4) from 14 March 2027.
        { badgeType: 'visitor', windows: [{ from: '2027-03-16T09:00:00-04:00', to: '2027-03-16T17:30:00-04:00' }] },
      ],
      categoryIds: [],
      scansExits: true,
      allowsReentry: false,
    });
  });

  it('shows a list’s windows on the event’s clock when editing it, and refuses a window that ends before it starts', async () => {
    const list = listFixture({
      rules: [{ badgeType: 'visitor', windows: [{ from: '2027-03-16T13:00:00Z', to: '2027-03-16T21:00:00Z' }] }],
    });
    const { seen } = renderPage(`/events/${EVENT.id}/check-in?tab=lists`, { lists: [list] });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Main entrance' }));
    const from = (await screen.findByLabelText('Visitor badges, window 1, from')) as HTMLInputElement;
    expect(from.value).toBe('2027-03-16T09:00');
    fill(screen.getByLabelText('Visitor badges, window 1, to'), '2027-03-16T08:00');
    fireEvent.click(screen.getByRole('button', { name: 'Save list' }));
    expect(await screen.findByText('The window must end after it starts')).toBeTruthy();
    expect(seen.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('fills the windows of the admitted types from the event’s dates', async () => {
    const { seen } = renderPage(`/events/${EVENT.id}/check-in?tab=lists`, { lists: [] });
    fireEvent.click(await screen.findByRole('button', { name: 'New list' }));
    fill(await screen.findByLabelText(/^Name/), 'Hall B');
    fireEvent.click(screen.getByRole('button', { name: /Fill from the event/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create list' }));
    await waitFor(() => expect(seen.some((request) => request.method === 'POST')).toBe(true));
    expect((seen.find((request) => request.method === 'POST')!.body as { rules: unknown }).rules).toEqual([
      { badgeType: 'visitor', windows: [{ from: '2027-03-16T00:00:00-04:00', to: '2027-03-19T00:00:00-04:00' }] },
    ]);
  });

  it('leaves out the unfinished windows of a badge type no longer admitted', async () => {
    const { seen } = renderPage(`/events/${EVENT.id}/check-in?tab=lists`, { lists: [] });
    fireEvent.click(await screen.findByRole('button', { name: 'New list' }));
    fill(await screen.findByLabelText(/^Name/), 'Stand builders');
    fireEvent.click(screen.getByRole('button', { name: 'Add time window for visitor badges' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create list' }));
    expect(await screen.findByText('Give the start')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Visitor badges admitted' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Contractor badges admitted' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create list' }));
    await waitFor(() => expect(seen.some((request) => request.method === 'POST')).toBe(true));
    expect((seen.find((request) => request.method === 'POST')!.body as { rules: unknown }).rules).toEqual([
      { badgeType: 'contractor', windows: [] },
    ]);
  });

  it('puts the server’s field errors on the form', async () => {
    renderPage(`/events/${EVENT.id}/check-in?tab=lists`, {
      lists: [],
      answer: (request) =>
        request.method === 'POST'
          ? {
              status: 400,
              data: {
                statusCode: 400,
                error: 'Bad Request',
                message: 'Invalid request',
                details: [{ field: 'categoryIds', message: 'Category 99 is not a badge category of this event' }],
              },
            }
          : undefined,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'New list' }));
    fill(await screen.findByLabelText(/^Name/), 'Main entrance');
    fireEvent.click(screen.getByRole('button', { name: 'Create list' }));
    expect(await screen.findByText('Category 99 is not a badge category of this event')).toBeTruthy();
  });

  it('shows why a list with scans cannot be deleted', async () => {
    renderPage(`/events/${EVENT.id}/check-in?tab=lists`, {
      answer: (request) =>
        request.method === 'DELETE'
          ? {
              status: 409,
              data: {
                statusCode: 409,
                error: 'Conflict',
                message: 'Main entrance has recorded scans and cannot be deleted',
              },
            }
          : undefined,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Main entrance' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete list' }));
    expect(await screen.findByText('Main entrance has recorded scans and cannot be deleted')).toBeTruthy();
  });
});

describe('CheckInPage devices', () => {
  it('creates a device and shows its pairing code and QR code', async () => {
    const { seen } = renderPage(`/events/${EVENT.id}/check-in?tab=devices`, { devices: [] });
    fireEvent.click(await screen.findByRole('button', { name: 'New device' }));
    fill(await screen.findByLabelText(/^Name/), 'Hall A, phone 1');
    fireEvent.click(screen.getByRole('radio', { name: /Supervisor/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create and pair' }));
    expect(await screen.findByText('K7M2-P9QX')).toBeTruthy();
    expect(
      screen.getByRole('img', { name: 'Pairing QR code for Hall A, phone 1' }).querySelector('path')?.getAttribute('d'),
    ).toMatch(/^M/);
    expect((screen.getByLabelText('Pairing link') as HTMLInputElement).value).toBe(PAIRING.url);
    // The event's only list is chosen for a new device.
    expect(seen.find((request) => request.method === 'POST')!.body).toEqual({
      name: 'Hall A, phone 1',
      role: 'supervisor',
      listIds: [41],
    });
  });

  it('lists the devices under their heading, with a choice of columns', async () => {
    renderPage(`/events/${EVENT.id}/check-in?tab=devices`);
    const row = (await screen.findByRole('cell', { name: 'Hall A, phone 1' })).closest('tr')!;
    expect(screen.getByRole('heading', { level: 2, name: 'Devices' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Edit Hall A, phone 1' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Last seen' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Columns' }), { key: 'Enter' });
    const menu = await screen.findByRole('menu');
    // The name says which device a row is: it cannot be hidden.
    expect(within(menu).queryByRole('menuitemcheckbox', { name: 'Name' })).toBeNull();
    fireEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Last seen' }));
    expect(screen.queryByRole('columnheader', { name: 'Last seen' })).toBeNull();
  });

  it('revokes a device after confirmation and gives a new code to another', async () => {
    const { seen } = renderPage(`/events/${EVENT.id}/check-in?tab=devices`, {
      answer: (request) =>
        request.url.endsWith('/pairing-code') ? { status: 200, data: { data: PAIRING } } : undefined,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Hall A, phone 1' }));
    expect(seen.some((request) => request.url.endsWith('/revoke'))).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke device' }));
    await waitFor(() => expect(seen.some((request) => request.url === '/admin/check-in-devices/51/revoke')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'New pairing code for Hall A, phone 1' }));
    expect(await screen.findByText('K7M2-P9QX')).toBeTruthy();
  });
});

describe('CheckInPage log', () => {
  it('keeps its filters in the URL and sends them, times read on the event’s clock', async () => {
    const { seen, router } = renderPage(`/events/${EVENT.id}/check-in?tab=log`);
    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Filter by result'), { target: { value: 'not_admitted' } });
    fireEvent.change(screen.getByLabelText('Filter by list'), { target: { value: '41' } });
    fireEvent.change(screen.getByLabelText('Conflicts'), { target: { value: 'open' } });
    fill(screen.getByLabelText('Scanned from (America/New York time)'), '2027-03-16T09:00');
    await waitFor(() => expect(router.state.location.search).toContain('from='));
    const query = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(query)).toEqual({
      tab: 'log',
      result: 'not_admitted',
      listId: '41',
      conflicts: 'open',
      from: '2027-03-16T09:00',
    });
    await waitFor(() =>
      expect(logRequests(seen).at(-1)!.params).toEqual({
        page: 1,
        result: 'not_admitted',
        listId: 41,
        conflicts: 'open',
        from: '2027-03-16T09:00:00-04:00',
      }),
    );
  });

  it('reads its filters from the URL on arrival, leaving out the invalid ones', async () => {
    const { seen } = renderPage(`/events/${EVENT.id}/check-in?tab=log&deviceId=51&result=maybe&search=ada&page=2`);
    await screen.findByText('Ada Lovelace');
    expect(logRequests(seen)[0]!.params).toEqual({ page: 2, deviceId: 51, search: 'ada' });
  });

  it('exports with the current filters', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:file');
    URL.revokeObjectURL = vi.fn();
    const { seen } = renderPage(`/events/${EVENT.id}/check-in?tab=log&result=admitted`, {
      answer: (request) =>
        request.url.endsWith('/check-ins/export')
          ? {
              status: 200,
              data: new Blob(['a,b']),
              headers: { 'content-disposition': 'attachment; filename="check-ins.xlsx"' },
            }
          : undefined,
    });
    fireEvent.keyDown(await screen.findByRole('button', { name: 'Export' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Export .xlsx' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(seen.find((request) => request.url.endsWith('/check-ins/export'))!.params).toEqual({
      result: 'admitted',
      format: 'xlsx',
    });
  });

  it('undoes a check-in only with a reason, and marks a conflict resolved', async () => {
    const conflict = logEntryFixture({
      id: 62,
      holderName: 'Grace Hopper',
      result: 'not_admitted',
      offline: true,
      localResult: 'admitted',
      conflict: true,
    });
    const { seen } = renderPage(`/events/${EVENT.id}/check-in?tab=log`, { log: [logEntryFixture(), conflict] });
    const row = (await screen.findByText('Grace Hopper')).closest('tr')!;
    expect(within(row).getByText('Offline')).toBeTruthy();
    expect(within(row).getByText('Conflict')).toBeTruthy();
    expect(within(row).getByText('The device said: admitted')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /Undo/ })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Mark the conflict of Grace Hopper resolved' }));
    await waitFor(() => expect(seen.some((request) => request.url === '/admin/check-ins/62/resolve')).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: 'Undo the check-in of Ada Lovelace' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Undo check-in' }));
    expect((await screen.findByText('Required', { selector: '#check-in-undo-reason-error' })).textContent).toBe(
      'Required',
    );
    expect(seen.some((request) => request.url.endsWith('/undo'))).toBe(false);
    fill(screen.getByLabelText(/^Reason/), 'Scanned by mistake');
    fireEvent.click(screen.getByRole('button', { name: 'Undo check-in' }));
    await waitFor(() =>
      expect(seen.find((request) => request.url === '/admin/check-ins/61/undo')?.body).toEqual({
        reason: 'Scanned by mistake',
      }),
    );
  });
});

describe('CheckInPage permissions', () => {
  it('shows a viewer the figures, lists and log, without devices or any change', async () => {
    const viewer = sessionOf({ permissions: ['view_events', 'view_check_ins'], eventId: EVENT.id });
    const { seen } = renderPage(`/events/${EVENT.id}/check-in?tab=log`, { session: viewer });
    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Figures', 'Lists', 'Log']);
    expect(screen.queryByRole('button', { name: /Undo/ })).toBeNull();
    expect(screen.queryByLabelText('Filter by device')).toBeNull();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Lists' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Lists' })).toBeTruthy();
    // Lists to read, not to change: no New list, no row actions.
    expect(screen.queryByRole('button', { name: 'New list' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(seen.some((request) => request.url.endsWith('/check-in-devices'))).toBe(false);
  });

  it('opens a manager without view_check_ins on the lists', async () => {
    const manager = sessionOf({ permissions: ['view_events', 'manage_check_in'], eventId: EVENT.id });
    const { seen } = renderPage(`/events/${EVENT.id}/check-in`, { session: manager });
    expect(await screen.findByRole('button', { name: 'New list' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Lists', 'Devices']);
    expect(seen.some((request) => request.url.endsWith('/check-in-figures'))).toBe(false);
  });
});

describe('CheckInPage figures', () => {
  it('shows who is inside per list and the entries per hour, in words for screen readers too', async () => {
    renderPage(`/events/${EVENT.id}/check-in`);
    expect(await screen.findByText('128')).toBeTruthy();
    expect(screen.getByText('342')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Entries per hour, last 24 hours' });
    // 13:00 UTC is 09:00 in New York.
    expect(within(table).getAllByRole('row')[1]!.textContent).toMatch(/09:00.*200/);
    expect(screen.getByText(/342 entries, busiest 09:00 \(200\)/)).toBeTruthy();
  });
});
