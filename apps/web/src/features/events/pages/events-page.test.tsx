import type { PortalEvent } from '@portal/shared/events';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { fakeAdapter, type Reply, type SeenRequest } from '@/testing/fake-adapter';
import { renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { EventsPage } from './events-page';

const originalAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

const eventFixture = (overrides: Partial<PortalEvent> = {}): PortalEvent => ({
  id: 1,
  name: 'Nordic Tech Expo 2027',
  slug: 'nordic-tech-expo-2027',
  description: null,
  startDate: '2027-03-16',
  endDate: '2027-03-18',
  venue: 'Harbour Exhibition Centre',
  city: 'Oslo',
  country: 'Norway',
  timezone: 'Europe/Oslo',
  currency: 'NOK',
  accountingEmail: null,
  status: 'published',
  exhibitorCount: 0,
  badgeCount: 0,
  createdAt: '2026-09-01T08:00:00.000Z',
  updatedAt: '2026-09-01T08:00:00.000Z',
  ...overrides,
});

type Setup = { events?: PortalEvent[]; session?: ReturnType<typeof demo.systemAdmin>; answer?: Reply };

function renderPage(path: string, { events = [eventFixture()], session = demo.systemAdmin(), answer }: Setup = {}) {
  startSession({ admin: session.user, token: 't', refreshToken: 'r' });
  const { adapter, seen } = fakeAdapter((request) => {
    if (request.method === 'DELETE') return { status: 204 };
    if (answer) return answer;
    return {
      status: 200,
      data: { data: events, meta: { page: 1, per_page: 20, total: events.length, total_pages: 1 } },
    };
  });
  api.defaults.adapter = adapter;
  const { router } = renderRoute(path, [
    { path: '/events', element: <EventsPage /> },
    { path: '/events/:id/edit', element: <p>Edit page</p> },
  ]);
  return { seen, router };
}

const listRequests = (seen: SeenRequest[]) => seen.filter((request) => request.url === '/events');
const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });

describe('EventsPage', () => {
  it('lists the events by start date, newest first, and sorts by a header into the URL and the API', async () => {
    const { seen, router } = renderPage('/events?status=published');
    await screen.findByRole('link', { name: 'Nordic Tech Expo 2027' });
    expect(listRequests(seen)[0]!.params).toEqual({ page: 1, status: 'published', sort: '-startDate' });
    expect(header('Dates').getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(within(header('Name')).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe('?status=published&sort=name'));
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
    await waitFor(() => expect(listRequests(seen).at(-1)!.params).toMatchObject({ sort: 'name' }));

    fireEvent.click(within(header('Name')).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe('?status=published&sort=-name'));
    await waitFor(() => expect(listRequests(seen).at(-1)!.params).toMatchObject({ sort: '-name' }));

    // Back to the default order: the URL needs no sort for it.
    fireEvent.click(within(header('Dates')).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe('?status=published'));
  });

  it('reads a sort from the URL', async () => {
    const { seen } = renderPage('/events?sort=-createdAt');
    await screen.findByRole('link', { name: 'Nordic Tech Expo 2027' });
    expect(listRequests(seen)[0]!.params).toMatchObject({ sort: '-createdAt' });
  });

  it('ignores a sort the API does not know', async () => {
    const { seen } = renderPage('/events?sort=venue');
    await screen.findByRole('link', { name: 'Nordic Tech Expo 2027' });
    expect(listRequests(seen)[0]!.params).toMatchObject({ sort: '-startDate' });
  });

  it('shows the created date once the column is chosen', async () => {
    renderPage('/events');
    await screen.findByRole('link', { name: 'Nordic Tech Expo 2027' });
    expect(screen.queryByRole('columnheader', { name: /Created/ })).toBeNull();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Columns' }), { key: 'Enter' });
    const menu = await screen.findByRole('menu');
    fireEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Created' }));
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(within(header('Created')).getByRole('button')).toBeTruthy();
  });

  it('edits on its own page, and deletes an event only once confirmed', async () => {
    const busy = eventFixture({ id: 2, name: 'Busy Fair', exhibitorCount: 3 });
    const { seen, router } = renderPage('/events', { events: [eventFixture(), busy] });
    const row = (await screen.findByRole('link', { name: 'Nordic Tech Expo 2027' })).closest('tr')!;
    expect(
      (within(screen.getByRole('link', { name: 'Busy Fair' }).closest('tr')!).getByRole('button', {
        name: 'Delete Busy Fair',
      }) as HTMLButtonElement).disabled,
    ).toBe(true);

    fireEvent.click(within(row).getByRole('button', { name: 'Delete Nordic Tech Expo 2027' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(seen.some((request) => request.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete event' }));
    await waitFor(() => expect(seen.some((request) => request.method === 'DELETE' && request.url === '/events/1')).toBe(true));

    fireEvent.click(within(row).getByRole('button', { name: 'Edit Nordic Tech Expo 2027' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/1/edit'));
  });

  it('offers an event admin no new event', async () => {
    renderPage('/events', { session: demo.eventAdmin() });
    await screen.findByRole('link', { name: 'Nordic Tech Expo 2027' });
    expect(screen.queryByRole('link', { name: 'New event' })).toBeNull();
  });

  it('says so when no event has the status chosen', async () => {
    renderPage('/events?status=archived', { events: [] });
    expect(await screen.findByText('No archived events')).toBeTruthy();
    expect(screen.getByText('Choose another status, or all statuses.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says so when the list could not be read', async () => {
    renderPage('/events', {
      answer: { status: 500, data: { statusCode: 500, error: 'Internal Server Error', message: 'Boom' } },
    });
    expect(await screen.findByText('The events could not be loaded')).toBeTruthy();
  });
});
