import type { BadgeLayoutAssignment, BadgeLayoutInputBody } from '@portal/shared/badge-layouts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { fakeAdapter, type Reply, type SeenRequest } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { EVENT, layoutFixture } from '../testing/fixtures';
import { BadgeLayoutsPage } from './badge-layouts-page';

const originalAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = originalAdapter;
});

const BUILT_IN = layoutFixture({ id: 1, name: 'A6 badge', builtIn: 'a6' });
const CARD = layoutFixture({ id: 2, name: 'CR80 card', builtIn: 'cr80', pageSize: 'cr80', orientation: 'landscape', elements: [] });
const CATEGORIES = [
  { id: 31, eventId: EVENT.id, name: 'press', displayName: 'Press', type: 'badge', badgeType: 'visitor' },
  { id: 32, eventId: EVENT.id, name: 'staff', displayName: null, type: 'badge', badgeType: 'exhibitor' },
];

function renderPage(assignments: BadgeLayoutAssignment[], answer: (request: SeenRequest) => Reply | undefined = () => undefined) {
  const { adapter, seen } = fakeAdapter((request) => {
    const answered = answer(request);
    if (answered) return answered;
    if (request.url === `/events/${EVENT.id}`) return { status: 200, data: { data: EVENT } };
    if (request.url === `/admin/badge-categories/event/${EVENT.id}`) return { status: 200, data: { data: CATEGORIES } };
    if (request.url === `/admin/events/${EVENT.id}/badge-layouts` && request.method === 'GET') {
      return { status: 200, data: { data: [BUILT_IN, CARD], assignments } };
    }
    if (request.url === `/admin/events/${EVENT.id}/badge-layouts` && request.method === 'POST') {
      return { status: 201, data: { data: layoutFixture({ ...(request.body as BadgeLayoutInputBody), id: 40 } as never) } };
    }
    if (request.method === 'PUT') return { status: 204 };
    return { status: 404, data: { statusCode: 404, error: 'Not Found', message: 'Not found' } };
  });
  api.defaults.adapter = adapter;
  const { router } = renderRoute(`/events/${EVENT.id}/badge-layouts`, [
    { path: '/events/:eventId/badge-layouts', element: <BadgeLayoutsPage /> },
    { path: '/events/:eventId/badge-layouts/:layoutId', element: <p>Editor</p> },
  ]);
  return { seen, router };
}

describe('BadgeLayoutsPage', () => {
  it('lists the layouts with the built-in ones marked and how often each is assigned', async () => {
    renderPage([{ badgeType: 'visitor', badgeCategoryId: null, layoutId: 1 }]);
    const row = (await screen.findByRole('link', { name: 'A6 badge' })).closest('tr')!;
    expect(within(row).getByText('Built-in')).toBeTruthy();
    expect(within(row).getByText('1 assignment')).toBeTruthy();
    expect(screen.getByText(/most specific assignment wins/)).toBeTruthy();
    // The API answers every layout unsorted: no header sorts and no pager.
    expect(screen.getByRole('columnheader', { name: 'Name' }).querySelector('button')).toBeNull();
    expect(screen.queryByRole('navigation', { name: /pagination|pages/i })).toBeNull();
  });

  it('says when the event has no layouts', async () => {
    renderPage([], (request) =>
      request.url === `/admin/events/${EVENT.id}/badge-layouts` && request.method === 'GET'
        ? { status: 200, data: { data: [], assignments: [] } }
        : undefined,
    );
    expect(await screen.findByText('No layouts')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New layout' })).toHaveProperty('disabled', true);
  });

  it('says when the layouts cannot be loaded, under the event’s heading', async () => {
    renderPage([], (request) =>
      request.url === `/admin/events/${EVENT.id}/badge-layouts` && request.method === 'GET'
        ? { status: 500, data: { statusCode: 500, error: 'Internal Server Error', message: 'Database unavailable' } }
        : undefined,
    );
    expect(await screen.findByText('The badge layouts could not be loaded')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Badge layouts' })).toBeTruthy();
  });

  it('saves a category’s own layout beside its badge type’s, all at once', async () => {
    const { seen } = renderPage([{ badgeType: 'visitor', badgeCategoryId: null, layoutId: 1 }]);
    const press = await screen.findByLabelText('Layout for Press');
    // The category follows its type until it has its own.
    expect(within(press).getByRole('option', { name: 'As Visitor badges (A6 badge)' })).toBeTruthy();
    fireEvent.change(press, { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Layout for Exhibitor badges'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save assignments' }));
    await waitFor(() => expect(seen.some((request) => request.method === 'PUT')).toBe(true));
    const put = seen.find((request) => request.method === 'PUT')!;
    expect(put.url).toBe(`/admin/events/${EVENT.id}/badge-layout-assignments`);
    expect((put.body as { assignments: BadgeLayoutAssignment[] }).assignments).toEqual(
      expect.arrayContaining([
        { badgeType: 'visitor', badgeCategoryId: null, layoutId: 1 },
        { badgeType: 'visitor', badgeCategoryId: 31, layoutId: 2 },
        { badgeType: 'exhibitor', badgeCategoryId: null, layoutId: 1 },
      ]),
    );
    expect((put.body as { assignments: BadgeLayoutAssignment[] }).assignments).toHaveLength(3);
  });

  it('shows the server’s reason when a layout in use cannot be deleted', async () => {
    renderPage([{ badgeType: 'visitor', badgeCategoryId: null, layoutId: 1 }], (request) =>
      request.method === 'DELETE'
        ? { status: 409, data: { statusCode: 409, error: 'Conflict', message: 'A6 badge is assigned to Visitor badges: assign another layout first' } }
        : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete A6 badge' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete layout' }));
    expect(await screen.findByText(/assign another layout first/)).toBeTruthy();
  });

  it('creates a layout from a built-in one and opens it in the editor', async () => {
    const { seen, router } = renderPage([]);
    fireEvent.click(await screen.findByRole('button', { name: 'New layout' }));
    fill(await screen.findByLabelText(/^Name/), 'Press 2026');
    fireEvent.change(screen.getByLabelText('Start from'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create and edit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/events/${EVENT.id}/badge-layouts/40`));
    const post = seen.find((request) => request.method === 'POST')!;
    expect(post.body).toEqual({ name: 'Press 2026', pageSize: 'cr80', orientation: 'landscape', backgroundColor: null, elements: [] });
  });

  it('duplicates a layout with its design', async () => {
    const { seen } = renderPage([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Duplicate A6 badge' }));
    await waitFor(() => expect(seen.some((request) => request.method === 'POST')).toBe(true));
    const body = seen.find((request) => request.method === 'POST')!.body as BadgeLayoutInputBody;
    expect(body.name).toBe('A6 badge (copy)');
    expect(body.elements).toEqual(BUILT_IN.elements);
  });

  it('assigns per badge type when the categories cannot be read, keeping the categories’ own assignments', async () => {
    const { seen } = renderPage([{ badgeType: 'visitor', badgeCategoryId: 31, layoutId: 2 }], (request) =>
      request.url.startsWith('/admin/badge-categories')
        ? { status: 403, data: { statusCode: 403, error: 'Forbidden', message: 'Missing permission' } }
        : undefined,
    );
    expect(await screen.findByText(/assigned per badge type only/)).toBeTruthy();
    expect(screen.queryByLabelText('Layout for Press')).toBeNull();
    fireEvent.change(screen.getByLabelText('Layout for VIP badges'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save assignments' }));
    await waitFor(() => expect(seen.some((request) => request.method === 'PUT')).toBe(true));
    expect((seen.find((request) => request.method === 'PUT')!.body as { assignments: BadgeLayoutAssignment[] }).assignments).toEqual([
      { badgeType: 'visitor', badgeCategoryId: 31, layoutId: 2 },
      { badgeType: 'vip', badgeCategoryId: null, layoutId: 2 },
    ]);
  });
});
