import type { Allocation } from '@portal/shared/allocations';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { fakeAdapter } from '@/testing/fake-adapter';
import { renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { EventAllocations, HolderAllocations } from './holder-allocations';

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
afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

function serve(rows: Allocation[]) {
  startSession({ admin: demo.eventAdmin().user, token: 't', refreshToken: 'r' });
  const { adapter, seen } = fakeAdapter(() => ({
    status: 200,
    data: { data: rows, meta: { page: 1, per_page: 20, total: rows.length, total_pages: rows.length ? 1 : 0 } },
  }));
  api.defaults.adapter = adapter;
  return seen;
}

describe('HolderAllocations', () => {
  it('lists the holder’s allocations oldest first, and sorts by the allocated quantity, largest first, from its header', async () => {
    const seen = serve([ALLOCATION]);
    const { router } = renderRoute('/events/1/exhibitors/4?tab=allocations', [
      { path: '/events/:eventId/exhibitors/:exhibitorId', element: <HolderAllocations adminId={4} /> },
    ]);
    const row = (await screen.findByText('Exhibitor staff')).closest('tr')!;
    expect(within(row).getByRole('button', { name: 'History of Exhibitor staff for Lars Eriksen' })).toBeTruthy();
    expect(seen[0]).toMatchObject({
      url: '/admin/allocations',
      params: { adminId: 4, includeChildAllocations: true, sort: 'createdAt' },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Used / allocated' }));
    await waitFor(() => expect(seen.at(-1)?.params).toMatchObject({ adminId: 4, sort: '-quantity' }));
    expect(router.state.location.search).toBe('?tab=allocations');
  });

  it('says when the holder has no allocations yet', async () => {
    serve([]);
    renderRoute('/events/1/exhibitors/4', [
      { path: '/events/:eventId/exhibitors/:exhibitorId', element: <HolderAllocations adminId={4} /> },
    ]);
    expect(await screen.findByText('No allocations yet')).toBeTruthy();
  });
});

describe('EventAllocations', () => {
  it('names each row’s exhibitor and sorts the event’s allocations from the header', async () => {
    const seen = serve([ALLOCATION]);
    renderRoute('/events/1?tab=allocations', [{ path: '/events/:id', element: <EventAllocations eventId={1} /> }]);
    const row = (await screen.findByText('Exhibitor staff')).closest('tr')!;
    expect(within(row).getByText('Aurora Robotics AS')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Used / allocated' }));
    await waitFor(() => expect(seen.at(-1)?.params).toMatchObject({ eventId: 1, type: 'badge', sort: '-quantity' }));
  });
});
