import type { BadgeListItem } from '@portal/shared/badges';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { fakeAdapter } from '@/testing/fake-adapter';
import { renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { ExhibitorBadgeList } from './exhibitor-badge-list';

const BADGE = {
  id: 40,
  eventId: 1,
  event: { id: 1, name: 'Expo 2027' },
  eventName: 'Expo 2027',
  badgeCategoryId: 3,
  badgeCategory: { id: 3, name: 'Exhibitor staff', type: 'badge', badgeType: 'exhibitor' },
  exhibitorId: 4,
  companyName: 'Aurora Robotics AS',
  createdByAdminId: 4,
  createdByName: 'Lars Eriksen',
  firstName: 'Ingrid',
  lastName: 'Dahl',
  name: 'Ingrid Dahl',
  email: 'ingrid@aurora-robotics.example',
  phone: null,
  type: 'exhibitor',
  status: 'active',
  code: 'ABC123',
  customFieldValues: [],
  printCount: 0,
  lastPrintedAt: null,
  lastPrintedBy: null,
  createdAt: '2027-01-10T09:00:00.000Z',
  updatedAt: '2027-01-10T09:00:00.000Z',
} satisfies BadgeListItem;

const originalAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

function renderList(rows: BadgeListItem[]) {
  startSession({ admin: demo.eventAdmin().user, token: 't', refreshToken: 'r' });
  const { adapter, seen } = fakeAdapter(() => ({
    status: 200,
    data: { data: rows, meta: { page: 1, per_page: 20, total: rows.length, total_pages: rows.length ? 1 : 0 } },
  }));
  api.defaults.adapter = adapter;
  const { router } = renderRoute('/events/1/exhibitors/4?tab=badges', [
    { path: '/events/:eventId/exhibitors/:exhibitorId', element: <ExhibitorBadgeList exhibitorId={4} /> },
  ]);
  return { seen, router };
}

describe('ExhibitorBadgeList', () => {
  it('lists the exhibitor’s badges newest first, and sorts by email from its header without touching the URL', async () => {
    const { seen, router } = renderList([BADGE]);
    const row = (await screen.findByRole('link', { name: 'Ingrid Dahl' })).closest('tr')!;
    expect(within(row).getByText('Exhibitor staff')).toBeTruthy();
    expect(seen[0]).toMatchObject({ url: '/admin/exhibitor-users', params: { exhibitorId: 4, sort: '-createdAt' } });
    expect(screen.getByRole('columnheader', { name: 'Created' }).getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(screen.getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(seen.at(-1)?.params).toMatchObject({ exhibitorId: 4, sort: 'email' }));
    expect(router.state.location.search).toBe('?tab=badges');
  });

  it('says when the exhibitor has no badges yet', async () => {
    renderList([]);
    expect(await screen.findByText('No badges yet')).toBeTruthy();
  });
});
