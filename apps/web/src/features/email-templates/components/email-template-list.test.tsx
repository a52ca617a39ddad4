import type { EmailTemplate } from '@portal/shared/email-templates';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { fakeAdapter, type SeenRequest } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { CloneTemplateDialog } from './clone-template-dialog';
import { EmailTemplateList } from './email-template-list';

const originalAdapter = api.defaults.adapter;

beforeEach(() => {
  const session = demo.systemAdmin();
  startSession({ admin: session.user, token: 't', refreshToken: 'r' });
});

afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

const template: EmailTemplate = {
  id: 5,
  eventId: null,
  eventName: null,
  badgeCategoryId: null,
  name: 'Welcome mail',
  purpose: 'invitation',
  subject: 'Welcome',
  htmlBody: '<p>{{invitationLink}}</p>',
  textBody: null,
  isActive: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
};

const events = [
  { id: 7, name: 'Expo 2027' },
  { id: 8, name: 'Summit 2027' },
];

function answer(handle: (request: SeenRequest) => { status: number; data?: unknown }) {
  const fake = fakeAdapter(handle);
  api.defaults.adapter = fake.adapter;
  return fake.seen;
}

describe('EmailTemplateList', () => {
  it('shows each template with its purpose and scope, and deletes one only once confirmed', async () => {
    const seen = answer((request) => {
      if (request.method === 'DELETE') return { status: 204 };
      if (request.url === '/events')
        return { status: 200, data: { data: events, meta: { page: 1, per_page: 100, total: 2 } } };
      return { status: 200, data: { data: [template], meta: { page: 1, per_page: 20, total: 1 } } };
    });
    renderRoute('/email-templates', [{ path: '/email-templates', element: <EmailTemplateList /> }]);

    const row = (await screen.findByText('Welcome mail')).closest('tr')!;
    expect(within(row).getAllByText('Account invitation').length).toBeGreaterThan(0);
    expect(within(row).getAllByText(/Global/).length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Welcome mail' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(seen.some((request) => request.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete template' }));

    await waitFor(() => expect(seen.filter((request) => request.method === 'DELETE')).toHaveLength(1));
    expect(seen.find((request) => request.method === 'DELETE')?.url).toBe('/admin/email-templates/5');
  });

  it('asks the server for the chosen purpose', async () => {
    const seen = answer((request) =>
      request.url === '/events'
        ? { status: 200, data: { data: events, meta: { page: 1, per_page: 100, total: 2 } } }
        : { status: 200, data: { data: [], meta: { page: 1, per_page: 20, total: 0 } } },
    );
    renderRoute('/email-templates', [{ path: '/email-templates', element: <EmailTemplateList /> }]);
    expect(await screen.findByText('No email templates yet')).toBeTruthy();

    fill(screen.getByRole('combobox', { name: 'Purpose' }), 'password_reset');
    await waitFor(() =>
      expect(
        seen.some(
          (request) => request.url === '/admin/email-templates' && request.params?.purpose === 'password_reset',
        ),
      ).toBe(true),
    );
  });
});

describe('EmailTemplateList sorting', () => {
  const listRequests = (seen: SeenRequest[]) => seen.filter((request) => request.url === '/admin/email-templates');
  const serve = () =>
    answer((request) =>
      request.url === '/events'
        ? { status: 200, data: { data: events, meta: { page: 1, per_page: 100, total: 2 } } }
        : { status: 200, data: { data: [template], meta: { page: 1, per_page: 20, total: 1 } } },
    );

  it('asks the server for the header’s sort and keeps it in the URL of its page', async () => {
    const seen = serve();
    const { router } = renderRoute('/email-templates', [{ path: '/email-templates', element: <EmailTemplateList /> }]);
    await screen.findByText('Welcome mail');
    expect(listRequests(seen)[0]?.params).toMatchObject({ sort: 'name' });

    fireEvent.click(screen.getByRole('button', { name: 'Purpose' }));
    await waitFor(() => expect(listRequests(seen).at(-1)?.params).toMatchObject({ sort: 'purpose' }));
    expect(router.state.location.search).toBe('?sort=purpose');
    // The latest change first, at the first click.
    fireEvent.click(screen.getByRole('button', { name: 'Updated' }));
    await waitFor(() => expect(listRequests(seen).at(-1)?.params).toMatchObject({ sort: '-updatedAt' }));
  });

  it('keeps the sort out of the URL on an event’s tab', async () => {
    const seen = serve();
    const { router } = renderRoute('/events/7?tab=email-templates', [
      { path: '/events/:id', element: <EmailTemplateList eventId={7} /> },
    ]);
    await screen.findByText('Welcome mail');
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(listRequests(seen).at(-1)?.params).toMatchObject({ eventId: 7, sort: '-name' }));
    expect(router.state.location.search).toBe('?tab=email-templates');
  });
});

describe('CloneTemplateDialog', () => {
  it('copies the template to the chosen event under a new name', async () => {
    const seen = answer(() => ({
      status: 201,
      data: { data: { ...template, id: 6, eventId: 8, eventName: 'Summit 2027' } },
    }));
    let closed = false;
    renderRoute('/email-templates', [
      {
        path: '/email-templates',
        element: <CloneTemplateDialog template={template} events={events} onClose={() => (closed = true)} />,
      },
    ]);

    fireEvent.click(await screen.findByRole('button', { name: 'Clone template' }));
    expect(await screen.findByText('Choose an event')).toBeTruthy();
    expect(seen).toHaveLength(0);

    fill(screen.getByRole('combobox', { name: /Target event/ }), '8');
    fill(screen.getByRole('textbox', { name: /New name/ }), 'Summit welcome');
    fireEvent.click(screen.getByRole('button', { name: 'Clone template' }));

    await waitFor(() => expect(closed).toBe(true));
    expect(seen).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: '/admin/email-templates/5/clone',
        body: { eventId: 8, name: 'Summit welcome' },
      }),
    ]);
  });
});
