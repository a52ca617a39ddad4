import type { WebhookDelivery, WebhookEndpoint } from '@portal/shared/webhooks';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { fakeAdapter, type Reply, type SeenRequest } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { WebhooksPage } from './webhooks-page';

// jsdom has no ResizeObserver, with which Radix's checkbox and switch measure themselves.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const originalAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

const SECRET = 'whsec_c2VjcmV0LW9mLXRoZS1lbmRwb2ludC0zMi1ieXRlcyE=';

function endpointFixture(overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id: 7,
    eventId: 1,
    exhibitorId: 1,
    url: 'https://crm.example.com/hooks/portal',
    description: 'CRM',
    eventTypes: ['badge.created', 'purchase.paid'],
    enabled: true,
    disabledReason: null,
    consecutiveFailures: 0,
    previousSecretExpiresAt: null,
    createdAt: '2027-03-01T10:00:00.000Z',
    updatedAt: '2027-03-01T10:00:00.000Z',
    ...overrides,
  };
}

const DELIVERY: WebhookDelivery = {
  id: 91,
  messageId: 'msg_abc',
  eventType: 'purchase.paid',
  status: 'failed',
  attempts: 8,
  nextAttemptAt: '2027-03-02T10:00:00.000Z',
  lastStatusCode: 503,
  lastDurationMs: 120,
  lastError: 'The receiver answered 503',
  deliveredAt: null,
  createdAt: '2027-03-01T10:00:00.000Z',
  payload: {},
};

function renderPage(endpoints: WebhookEndpoint[], answer?: (request: SeenRequest) => Reply | undefined) {
  const session = demo.exhibitor();
  startSession({
    admin: { ...session.user, permissions: [...session.user.permissions, 'manage_webhooks'] },
    token: 't',
    refreshToken: 'r',
  });
  const { adapter, seen } = fakeAdapter((request) => {
    const answered = answer?.(request);
    if (answered) return answered;
    const { url, method } = request;
    if (url === '/admin/events/1/webhooks' && method === 'GET') return { status: 200, data: { data: endpoints } };
    if (url === '/admin/events/1/webhooks' && method === 'POST')
      return {
        status: 201,
        data: { data: { ...endpointFixture(request.body as Partial<WebhookEndpoint>), secret: SECRET } },
      };
    if (url === '/admin/webhooks/7/deliveries')
      return { status: 200, data: { data: [DELIVERY], meta: { page: 1, per_page: 20, total: 1, total_pages: 1 } } };
    if (method === 'DELETE') return { status: 204 };
    if (method === 'POST') return { status: 202, data: { data: { ...DELIVERY, status: 'pending' } } };
    return { status: 404, data: { statusCode: 404, error: 'Not Found', message: 'Not found' } };
  });
  api.defaults.adapter = adapter;
  renderRoute('/events/1/webhooks', [{ path: '/events/:eventId/webhooks', element: <WebhooksPage /> }]);
  return { seen };
}

describe('WebhooksPage', () => {
  it('adds an endpoint with the chosen event types and shows its secret', async () => {
    const { seen } = renderPage([]);
    expect(await screen.findByText('No endpoints yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New endpoint' }));
    fill(await screen.findByLabelText(/^Address/), 'https://crm.example.com/hooks/portal');
    fireEvent.click(screen.getByRole('checkbox', { name: /Purchase paid/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Invoice issued/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() => expect(seen.some((request) => request.method === 'POST')).toBe(true));
    expect(seen.find((request) => request.method === 'POST')!.body).toEqual({
      url: 'https://crm.example.com/hooks/portal',
      description: '',
      eventTypes: ['purchase.paid', 'invoice.issued'],
      enabled: true,
    });
    expect(((await screen.findByLabelText('Signing secret')) as HTMLInputElement).value).toBe(SECRET);
  });

  it('refuses an endpoint without event types before sending, and shows the server’s refusal of an address on its field', async () => {
    const { seen } = renderPage([], (request) =>
      request.method === 'POST'
        ? {
            status: 400,
            data: {
              statusCode: 400,
              error: 'Bad Request',
              message: 'crm.internal points to 10.0.0.5',
              details: [{ field: 'url', message: 'crm.internal points to 10.0.0.5, a private address' }],
            },
          }
        : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'New endpoint' }));
    fill(await screen.findByLabelText(/^Address/), 'https://crm.internal/hook');
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText('Choose at least one event type')).toBeTruthy();
    expect(seen.some((request) => request.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByRole('checkbox', { name: /Badge created/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText('crm.internal points to 10.0.0.5, a private address')).toBeTruthy();
  });

  it('shows an endpoint turned off for failures, its delivery log, and redelivers a message', async () => {
    const { seen } = renderPage([
      endpointFixture({ enabled: false, disabledReason: 'Turned off after 20 failed attempts in a row' }),
    ]);
    expect(await screen.findByText('Turned off after 20 failed attempts in a row')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Turn on CRM' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Delivery log of CRM' }));
    const log = await screen.findByRole('dialog');
    const status = (await within(log).findByText('Failed')).closest('td')!;
    // The Answer column, shown from a tablet's width up.
    const answer = within(log).getAllByRole('cell').find((cell) => cell.className.includes('sm:table-cell'))!;
    expect(within(answer).getByText('503')).toBeTruthy();
    expect(within(answer).getByText('120 ms')).toBeTruthy();
    // On a phone the same answer sits under the status, hidden again once the column shows.
    const underStatus = within(status).getByText('503').parentElement!;
    expect(underStatus.className).toContain('sm:hidden');
    expect(within(underStatus).getByText('120 ms')).toBeTruthy();
    expect(within(log).getByRole('columnheader', { name: 'Answer' }).className).toContain('hidden sm:table-cell');
    fireEvent.click(within(log).getByRole('button', { name: /Redeliver purchase.paid/ }));
    await waitFor(() =>
      expect(seen.some((request) => request.url === '/admin/webhook-deliveries/91/redeliver')).toBe(true),
    );
  });

  it('deletes an endpoint only once confirmed', async () => {
    const { seen } = renderPage([endpointFixture()]);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete CRM' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(seen.some((request) => request.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete endpoint' }));
    await waitFor(() =>
      expect(seen.some((request) => request.method === 'DELETE' && request.url === '/admin/webhooks/7')).toBe(true),
    );
  });
});
