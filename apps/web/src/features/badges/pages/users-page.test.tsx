import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { fakeAdapter } from '@/testing/fake-adapter';
import { renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { firstVisibleCategory } from '../components/first-category';
import { UsersPage } from './users-page';

const originalAdapter = api.defaults.adapter;
const CATEGORIES = [
  { id: 7, name: 'Parking', type: 'addon', badgeType: 'exhibitor' },
  { id: 5, name: 'Day visitor', type: 'badge', badgeType: 'visitor' },
  { id: 3, name: 'Guest of honour', type: 'badge', badgeType: 'vip' },
  { id: 4, name: 'Exhibitor staff', type: 'badge', badgeType: 'exhibitor' },
] as const;

beforeEach(() => {
  api.defaults.adapter = fakeAdapter(() => ({ status: 200, data: { data: CATEGORIES } })).adapter;
});

afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

function renderUsers() {
  return renderRoute('/users', [
    { path: '/users', element: <UsersPage /> },
    { path: '/users/:badgeCategoryId', element: <p>category page</p> },
  ]);
}

describe('/users', () => {
  it('opens the first category of the badge menu: exhibitor before visitor, add-ons left out', async () => {
    const { user } = demo.exhibitor();
    startSession({ admin: user, token: 't', refreshToken: 'r' });
    const { router } = renderUsers();
    await screen.findByText('category page');
    expect(router.state.location.pathname).toBe('/users/4');
  });

  it('opens a VIP admin’s first vip category', async () => {
    const { user } = demo.vipAdmin();
    startSession({ admin: user, token: 't', refreshToken: 'r' });
    const { router } = renderUsers();
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/3'));
  });

  it('finds none when no visible badge type has a category', () => {
    expect(firstVisibleCategory(CATEGORIES, ['contractor'])).toBeNull();
    expect(firstVisibleCategory(CATEGORIES, ['visitor', 'vip'])).toBe(5);
  });
});
