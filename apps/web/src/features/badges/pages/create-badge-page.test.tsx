import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { fakeAdapter, type SeenRequest } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { CreateBadgePage } from './create-badge-page';

const originalAdapter = api.defaults.adapter;
let seen: SeenRequest[];

const category = (id: number, name: string, badgeType = 'exhibitor') => ({
  id,
  eventId: 1,
  name,
  displayName: null,
  type: 'badge',
  badgeType,
});
const CATEGORIES = [
  category(4, 'Exhibitor staff'),
  category(5, 'Trade visitor', 'visitor'),
  category(6, 'Stand builders', 'contractor'),
];

const allocation = (adminId: number, badgeCategoryId: number, quantity: number, available: number) => ({
  id: adminId * 100 + badgeCategoryId,
  adminId,
  badgeCategoryId,
  badgeCategory: {
    id: badgeCategoryId,
    name: CATEGORIES.find((c) => c.id === badgeCategoryId)!.name,
    type: 'badge',
    badgeType: 'exhibitor',
  },
  quantity,
  available,
});

function serve(allocations: ReturnType<typeof allocation>[], exhibitors: { id: number; companyName: string }[] = []) {
  const fake = fakeAdapter((request) => {
    if (request.url === '/admin/badge-categories/event/1') return { status: 200, data: { data: CATEGORIES } };
    const one = /^\/admin\/badge-categories\/(\d+)$/.exec(request.url);
    if (one) return { status: 200, data: { data: CATEGORIES.find((c) => c.id === Number(one[1])) } };
    if (request.url.startsWith('/admin/custom-fields/badge-category/')) return { status: 200, data: { data: [] } };
    if (request.url === '/admin/allocations') {
      const holder = Number(request.params?.adminId);
      return { status: 200, data: { data: allocations.filter((a) => a.adminId === holder), meta: {} } };
    }
    if (request.url === '/admin/exhibitors') return { status: 200, data: { data: exhibitors, meta: {} } };
    return { status: 404 };
  });
  seen = fake.seen;
  api.defaults.adapter = fake.adapter;
}

function renderAt(path: string) {
  renderRoute(path, [
    { path: '/users/create', element: <CreateBadgePage /> },
    { path: '/users/:badgeCategoryId/create', element: <CreateBadgePage /> },
  ]);
}

afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

describe('CreateBadgePage: an exhibitor’s places', () => {
  beforeEach(() => {
    startSession({ admin: demo.exhibitor().user, token: 't', refreshToken: 'r' });
    serve([allocation(1, 4, 10, 3), allocation(1, 5, 5, 0)]);
  });

  it('offers only categories with places left, saying why the others are not', async () => {
    renderAt('/users/create');
    const select = await screen.findByLabelText(/^Badge category/);
    await waitFor(() =>
      expect(within(select).getByRole('option', { name: /Exhibitor staff/ }).textContent).toContain('3 of 10 left'),
    );
    const option = (name: RegExp) => within(select).getByRole('option', { name }) as HTMLOptionElement;
    expect(option(/Exhibitor staff/).disabled).toBe(false);
    expect(option(/Trade visitor/).disabled).toBe(true);
    expect(option(/Trade visitor/).textContent).toContain('No places left');
    expect(option(/Stand builders/).disabled).toBe(true);
    expect(option(/Stand builders/).textContent).toContain('No allocation');
    expect(seen.find((request) => request.url === '/admin/allocations')?.params).toMatchObject({
      adminId: 1,
      type: 'badge',
      // A sub-account's own allocation is a child allocation: listed only with the children.
      includeChildAllocations: true,
    });
  });

  it('shows the places left above the form of a category that has some', async () => {
    renderAt('/users/4/create');
    expect(await screen.findByText('3 of 10 left')).toBeTruthy();
    expect(screen.getByLabelText(/^First name/)).toBeTruthy();
  });

  it('shows no form where no place is left, and the way to ask for more', async () => {
    renderAt('/users/5/create');
    expect(await screen.findByText('No places left in Trade visitor')).toBeTruthy();
    expect(screen.queryByLabelText(/^First name/)).toBeNull();
    expect(screen.getByRole('link', { name: /Request more/ }).getAttribute('href')).toBe(
      '/allocation-purchases?create=5',
    );
  });

  it('tells an account that may not buy places whom to ask instead', async () => {
    const { user } = demo.subAccount();
    startSession({
      admin: { ...user, permissions: user.permissions.filter((p) => p !== 'create_allocation_purchase') },
      token: 't',
      refreshToken: 'r',
    });
    renderAt('/users/5/create');
    expect(await screen.findByText('Ask your exhibitor for more places.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Request more/ })).toBeNull();
  });
});

describe('CreateBadgePage: an organiser registering for an exhibitor', () => {
  beforeEach(() => {
    startSession({ admin: demo.eventAdmin().user, token: 't', refreshToken: 'r' });
    serve(
      [allocation(21, 4, 10, 2), allocation(22, 4, 4, 0)],
      [
        { id: 21, companyName: 'Aurora Robotics AS' },
        { id: 22, companyName: 'Fjord Energy ASA' },
      ],
    );
  });

  it('applies the chosen exhibitor’s places: the count, or no registering without one', async () => {
    renderAt('/users/4/create');
    const exhibitor = await screen.findByLabelText(/^Exhibitor/);
    await screen.findByRole('option', { name: 'Fjord Energy ASA' });
    fill(exhibitor, '21');
    expect(await screen.findByText(/2 of 10 left in this category/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Register badge' }) as HTMLButtonElement).disabled).toBe(false);
    fill(exhibitor, '22');
    expect(await screen.findByText('No places left for this exhibitor in this category')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Register badge' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
