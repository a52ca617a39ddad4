import type { CustomField } from '@portal/shared/custom-fields';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { fakeAdapter, type SeenRequest } from '@/testing/fake-adapter';
import { renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { CustomFieldsPage } from './custom-fields-page';

const originalAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

function field(id: number, label: string, badgeCategoryId: number | null, sortOrder: number): CustomField {
  return {
    id,
    eventId: 1,
    badgeCategoryId,
    badgeCategoryName: badgeCategoryId ? 'Press' : null,
    entityType: 'badge',
    exhibitorId: null,
    label,
    key: `f${id}`,
    type: 'text',
    options: [],
    required: false,
    isActive: true,
    isPrivate: false,
    sortOrder,
    helpText: null,
    validation: {},
    answerCount: 0,
    createdAt: '2027-01-01T00:00:00.000Z',
    updatedAt: '2027-01-01T00:00:00.000Z',
  };
}

const FIELDS = [field(1, 'Dietary needs', null, 0), field(2, 'Arrival day', null, 1), field(3, 'Media outlet', 31, 0)];

function renderPage(fields: CustomField[], path = '/custom-fields') {
  startSession({ admin: demo.eventAdmin().user, token: 't', refreshToken: 'r' });
  const { adapter, seen } = fakeAdapter((request) => {
    if (request.url === '/admin/badge-categories/event/1')
      return { status: 200, data: { data: [{ id: 31, eventId: 1, name: 'Press', displayName: null, type: 'badge' }] } };
    return { status: 200, data: { data: fields, meta: { page: 1, per_page: 100, total: fields.length, total_pages: 1 } } };
  });
  api.defaults.adapter = adapter;
  const { router } = renderRoute(path, [{ path: '/custom-fields', element: <CustomFieldsPage /> }]);
  return { seen, router };
}

const fieldRequests = (seen: SeenRequest[]) => seen.filter((request) => request.url === '/custom-fields');

describe('CustomFieldsPage', () => {
  it('groups the fields in the forms’ order, where they move up and down', async () => {
    const { seen } = renderPage(FIELDS);
    expect(await screen.findByRole('heading', { name: 'All categories' })).toBeTruthy();
    const press = screen.getByRole('heading', { name: 'Press' });
    expect(within(press.closest('.overflow-hidden') as HTMLElement).getByText('Media outlet')).toBeTruthy();
    expect(fieldRequests(seen)[0]?.params).toMatchObject({ eventId: 1, sort: 'sortOrder' });
    expect(screen.getByRole('button', { name: 'Move Dietary needs down' })).toHaveProperty('disabled', false);
  });

  it('sorts every group by label from a header, in the URL, and offers no moving in that order', async () => {
    const { seen, router } = renderPage(FIELDS);
    await screen.findByText('Dietary needs');
    fireEvent.click(screen.getAllByRole('button', { name: 'Label' })[0]!);
    await waitFor(() => expect(fieldRequests(seen).at(-1)?.params).toMatchObject({ sort: 'label' }));
    expect(router.state.location.search).toBe('?sort=label');
    for (const header of screen.getAllByRole('columnheader', { name: 'Label' }))
      expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('button', { name: 'Move Dietary needs down' })).toHaveProperty('disabled', true);
  });

  it('says when the event has no fields yet', async () => {
    renderPage([]);
    expect(await screen.findByText('No custom fields yet')).toBeTruthy();
  });
});
