import type { OutboxMessage } from '@portal/shared/email-outbox';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { fakeAdapter, type SeenRequest } from '@/testing/fake-adapter';
import { renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { OutboxList } from './outbox-list';

const originalAdapter = api.defaults.adapter;

beforeEach(() => {
  const session = demo.systemAdmin();
  startSession({ admin: session.user, token: 't', refreshToken: 'r' });
});

afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

const base: OutboxMessage = {
  id: 1,
  eventId: 7,
  eventName: 'Expo 2027',
  toAddress: 'buyer@acme.example',
  subject: 'Approved: Exhibitor staff — Expo 2027',
  purpose: 'purchase-approved',
  status: 'sent',
  attempts: 1,
  lastError: null,
  nextAttemptAt: '2026-11-01T10:00:00.000Z',
  sentAt: '2026-11-01T10:00:00.000Z',
  createdAt: '2026-11-01T10:00:00.000Z',
  textBody: 'Amount to pay: $10.00',
  attachments: ['INV-2026-000001.pdf'],
};
const failed: OutboxMessage = {
  ...base,
  id: 2,
  toAddress: 'new@acme.example',
  subject: 'Your Exhibitor Portal account for Expo 2027',
  purpose: 'invitation',
  status: 'failed',
  attempts: 8,
  lastError: '550 Mailbox unavailable',
  sentAt: null,
  textBody: null,
  attachments: [],
};

function answer(handle: (request: SeenRequest) => { status: number; data?: unknown }) {
  const fake = fakeAdapter(handle);
  api.defaults.adapter = fake.adapter;
  return fake.seen;
}

const page = (data: OutboxMessage[]) => ({
  status: 200,
  data: { data, meta: { page: 1, per_page: 20, total: data.length } },
});

describe('OutboxList', () => {
  it('shows status, attempts and last error, and retries an unsent message only', async () => {
    const seen = answer((request) => {
      if (request.method === 'POST') return { status: 200, data: { data: { ...failed, status: 'pending' } } };
      if (request.url === '/events')
        return {
          status: 200,
          data: { data: [{ id: 7, name: 'Expo 2027' }], meta: { page: 1, per_page: 100, total: 1 } },
        };
      return page([base, failed]);
    });
    renderRoute('/email-outbox', [{ path: '/email-outbox', element: <OutboxList /> }]);

    const sentRow = (await screen.findByText(base.subject)).closest('tr')!;
    expect(within(sentRow).getByText('Sent', { selector: 'span' })).toBeTruthy();
    expect(within(sentRow).queryByRole('button', { name: /retry/i })).toBeNull();
    expect(within(sentRow).getByText('Show text')).toBeTruthy();
    expect(within(sentRow).getByText('Attachments: INV-2026-000001.pdf')).toBeTruthy();

    const failedRow = screen.getByText(failed.subject).closest('tr')!;
    expect(within(failedRow).getByText('Failed')).toBeTruthy();
    expect(within(failedRow).getByText('8 attempts, given up')).toBeTruthy();
    expect(within(failedRow).getAllByText('550 Mailbox unavailable').length).toBeGreaterThan(0);
    expect(within(failedRow).queryByText('Show text')).toBeNull();
    expect(within(failedRow).queryByText(/Attachments:/)).toBeNull();

    const retry = within(failedRow).getByRole('button', { name: 'Retry now: the message to new@acme.example' });
    // Label in name (WCAG 2.5.3): the accessible name starts with the text the button shows.
    expect(retry.getAttribute('aria-label')!.startsWith(retry.textContent!.trim())).toBe(true);
    fireEvent.click(retry);
    await waitFor(() =>
      expect(seen.some((r) => r.method === 'POST' && r.url === '/admin/email-outbox/2/retry')).toBe(true),
    );
  });

  it('sends the filters to the server and says when nothing matches', async () => {
    const seen = answer((request) =>
      request.url === '/events'
        ? { status: 200, data: { data: [], meta: { page: 1, per_page: 100, total: 0 } } }
        : page([]),
    );
    renderRoute('/email-outbox?status=failed&purpose=invitation', [{ path: '/email-outbox', element: <OutboxList /> }]);
    expect(await screen.findByText('No messages')).toBeTruthy();
    const list = seen.find((r) => r.url === '/admin/email-outbox')!;
    expect(list.params).toMatchObject({ status: 'failed', purpose: 'invitation', sort: '-createdAt' });
  });

  it('explains an error', async () => {
    answer(() => ({
      status: 500,
      data: { statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong' },
    }));
    renderRoute('/email-outbox', [{ path: '/email-outbox', element: <OutboxList /> }]);
    expect(await screen.findByText('The messages could not be loaded')).toBeTruthy();
  });
});
