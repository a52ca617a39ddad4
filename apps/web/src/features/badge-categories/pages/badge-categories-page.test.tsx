import type { BadgeCategory } from '@portal/shared/badge-categories';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { fakeAdapter, type SeenRequest } from '@/testing/fake-adapter';
import { renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { EventBadgeCategories } from '../components/event-badge-categories';
import { BadgeCategoriesPage } from './badge-categories-page';

const CATEGORY: BadgeCategory = {
  id: 3,
  eventId: 1,
  name: 'staff',
  displayName: 'Exhibitor staff',
  type: 'badge',
  badgeType: 'exhibitor',
  unitPrice: 2500,
  vatRate: null,
  currency: 'EUR',
  isActive: true,
  sortOrder: 2,
  description: null,
  createdAt: '2027-01-10T09:00:00.000Z',
  updatedAt: '2027-01-10T09:00:00.000Z',
  badgeCount: 12,
  grantsLeadScanning: false,
};

const originalAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

function answer(rows: BadgeCategory[]) {
  startSession({ admin: demo.eventAdmin().user, token: 't', refreshToken: 'r' });
  const { adapter, seen } = fakeAdapter(() => ({
    status: 200,
    data: { data: rows, meta: { page: 1, per_page: 20, total: rows.length, total_pages: rows.length ? 1 : 0 } },
  }));
  api.defaults.adapter = adapter;
  return seen;
}

const listRequests = (seen: SeenRequest[]) => seen.filter((request) => request.url === '/admin/badge-categories');

describe('BadgeCategoriesPage', () => {
  it('lists the categories in their own order, and sorts by name from its header, keeping the sort in the URL', async () => {
    const seen = answer([CATEGORY]);
    const { router } = renderRoute('/badge-categories', [{ path: '/badge-categories', element: <BadgeCategoriesPage /> }]);
    const row = (await screen.findByText('Exhibitor staff')).closest('tr')!;
    expect(within(row).getByText('12')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Edit staff' })).toBeTruthy();
    expect(listRequests(seen)[0]?.params).toMatchObject({ sort: 'sortOrder', eventId: 1 });
    expect(screen.getByRole('columnheader', { name: 'Order' }).getAttribute('aria-sort')).toBe('ascending');

    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(listRequests(seen).at(-1)?.params).toMatchObject({ sort: 'name' }));
    expect(router.state.location.search).toBe('?sort=name');
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(listRequests(seen).at(-1)?.params).toMatchObject({ sort: '-name' }));
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('descending');
  });

  it('reads its sort from the URL', async () => {
    const seen = answer([CATEGORY]);
    renderRoute('/badge-categories?sort=-createdAt', [{ path: '/badge-categories', element: <BadgeCategoriesPage /> }]);
    await screen.findByText('Exhibitor staff');
    expect(listRequests(seen)[0]?.params).toMatchObject({ sort: '-createdAt' });
  });

  it('says when there are no categories yet', async () => {
    answer([]);
    renderRoute('/badge-categories', [{ path: '/badge-categories', element: <BadgeCategoriesPage /> }]);
    expect(await screen.findByText('No badge categories yet')).toBeTruthy();
  });
});

describe('EventBadgeCategories', () => {
  it('lists the event’s badge categories and sorts them by name from the header', async () => {
    const seen = answer([CATEGORY]);
    const { router } = renderRoute('/events/1?tab=badge-categories', [
      { path: '/events/:id', element: <EventBadgeCategories eventId={1} /> },
    ]);
    await screen.findByText('Exhibitor staff');
    expect(listRequests(seen)[0]?.params).toMatchObject({ eventId: 1, type: 'badge', sort: 'sortOrder', page: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(listRequests(seen).at(-1)?.params).toMatchObject({ sort: 'name', page: 1 }));
    // A tab of the event's page: its sort stays out of the URL the page's other lists use.
    expect(router.state.location.search).toBe('?tab=badge-categories');
    expect(screen.getByRole('link', { name: 'All badge categories' }).getAttribute('href')).toBe('/badge-categories?eventId=1');
  });

  it('says when the event has no badge categories yet', async () => {
    answer([]);
    renderRoute('/events/1', [{ path: '/events/:id', element: <EventBadgeCategories eventId={1} /> }]);
    expect(await screen.findByText('No badge categories yet')).toBeTruthy();
  });
});
