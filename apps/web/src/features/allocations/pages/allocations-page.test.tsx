import type { Allocation } from '@portal/shared/allocations';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { fakeAdapter, type SeenRequest } from '@/testing/fake-adapter';
import { renderRoute } from '@/testing/render';
import { demo, type sessionOf } from '@/testing/sessions';
import { AllocationsPage } from './allocations-page';

const ALLOCATION: Allocation = {
  id: 7,
  eventId: 1,
  adminId: 4,
  adminName: 'Lars Eriksen',
  companyName: 'Aurora Robotics AS',
  parentAllocationId: null,
  badgeCategoryId: 3,
  badgeCategory: { id: 3, name: 'Exhibitor staff', type: 'badge', badgeType: 'exhibitor' },
  quantity: 10,
  used: 2,
  reserved: 3,
  usedTotal: 4,
  heldByLinks: 1,
  available: 4,
  createdAt: '2027-01-10T09:00:00.000Z',
  updatedAt: '2027-01-11T09:00:00.000Z',
};

const originalAdapter = api.defaults.adapter;
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:allocations');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

function renderPage(session: ReturnType<typeof sessionOf>, path = '/badge-allocations') {
  startSession({ admin: session.user, token: 't', refreshToken: 'r' });
  const { adapter, seen } = fakeAdapter((request) =>
    request.url === '/admin/allocations/export'
      ? { status: 200, data: new Blob(['x']), headers: { 'content-disposition': "attachment; filename*=UTF-8''allocations.xlsx" } }
      : {
          status: 200,
          data: {
            data: request.url === '/admin/allocations' ? [ALLOCATION] : [],
            meta: { page: 1, per_page: 20, total: 1, total_pages: 1 },
          },
        },
  );
  api.defaults.adapter = adapter;
  const { router } = renderRoute(path, [{ path: '/badge-allocations', element: <AllocationsPage type="badge" /> }]);
  return { seen, router };
}

const listRequests = (seen: SeenRequest[]) => seen.filter((request) => request.url === '/admin/allocations');

describe('AllocationsPage', () => {
  it('sorts by the allocated quantity from its header, largest first, and asks the API so', async () => {
    const { seen, router } = renderPage(demo.eventAdmin());
    await screen.findByText('Aurora Robotics AS');
    expect(listRequests(seen)[0]!.params).toMatchObject({ type: 'badge', eventId: 1, sort: 'createdAt' });
    const header = screen.getByRole('columnheader', { name: /Used \/ allocated/ });
    fireEvent.click(within(header).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=-quantity'));
    await waitFor(() => expect(listRequests(seen).at(-1)!.params).toMatchObject({ sort: '-quantity' }));
  });

  it('exports with the filters and sort on screen', async () => {
    const { seen } = renderPage(demo.eventAdmin(), '/badge-allocations?search=aurora&badgeCategoryId=3&sort=-quantity');
    await screen.findByText('Aurora Robotics AS');
    fireEvent.keyDown(screen.getByRole('button', { name: 'Export' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Export .csv' }));
    await waitFor(() => expect(seen.some((request) => request.url === '/admin/allocations/export')).toBe(true));
    expect(seen.find((request) => request.url === '/admin/allocations/export')!.params).toEqual({
      search: 'aurora',
      type: 'badge',
      eventId: 1,
      badgeCategoryId: 3,
      includeChildAllocations: true,
      sort: '-quantity',
      format: 'csv',
    });
    expect(URL.createObjectURL).toHaveBeenCalled();
  });

  it('offers no export to a user without export_data', async () => {
    renderPage(demo.vipAdmin());
    await screen.findByText('Aurora Robotics AS');
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
  });
});
