import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { fakeAdapter } from '@/testing/fake-adapter';
import { renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { ExhibitorsPage } from './exhibitors-page';

const originalAdapter = api.defaults.adapter;

afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

function renderAs(session: ReturnType<(typeof demo)[keyof typeof demo]>, path = '/exhibitors') {
  startSession({ admin: session.user, token: 't', refreshToken: 'r' });
  api.defaults.adapter = fakeAdapter(() => ({
    status: 200,
    data: { data: [], meta: { page: 1, per_page: 20, total: 0, total_pages: 0 } },
  })).adapter;
  renderRoute(path, [{ path: '/exhibitors', element: <ExhibitorsPage /> }]);
}

describe('/exhibitors: the way to an import', () => {
  it('leads an event admin to the import into its event', () => {
    renderAs(demo.eventAdmin());
    expect(screen.getByRole('link', { name: 'Import exhibitors' }).getAttribute('href')).toBe(
      '/events/1/exhibitors/bulk-import',
    );
  });

  it('leads an admin of every event to the import into the event the list is filtered by, once chosen', () => {
    renderAs(demo.systemAdmin(), '/exhibitors?eventId=3');
    expect(screen.getByRole('link', { name: 'Import exhibitors' }).getAttribute('href')).toBe(
      '/events/3/exhibitors/bulk-import',
    );
  });

  it('waits for the event filter before an admin of every event may import', () => {
    renderAs(demo.systemAdmin());
    expect(screen.getByRole('button', { name: 'Import exhibitors' })).toHaveProperty('disabled', true);
  });

  it('offers no import to a user who may not create exhibitors', () => {
    renderAs(demo.exhibitor());
    expect(screen.queryByText('Import exhibitors')).toBeNull();
  });
});
