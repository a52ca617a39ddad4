import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { clearSession, startSession } from '@/lib/session';
import { fakeAdapter, type Reply, type SeenRequest } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { PrintBadgeButton } from './print-badge-button';

const originalAdapter = api.defaults.adapter;
let seen: SeenRequest[];
let answers: Reply[];
const pdf = (): Reply => ({ status: 200, data: new Blob(['%PDF-1.3']), headers: { 'x-badge-count': '1' } });
const LAST_PRINTED = '2027-03-02T10:00:00.000Z';
const badge = { id: 12, eventId: 1, name: 'Ada Lovelace', status: 'active' as const, printCount: 0, lastPrintedAt: null, lastPrintedBy: null };

beforeEach(() => {
  startSession({ admin: demo.exhibitor().user, token: 't', refreshToken: 'r' });
  const fake = fakeAdapter(() => answers.shift()!);
  seen = fake.seen;
  api.defaults.adapter = fake.adapter;
  URL.createObjectURL = vi.fn(() => 'blob:badge');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});

afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
  vi.restoreAllMocks();
});

function renderButton(shown: Parameters<typeof PrintBadgeButton>[0]['badge']) {
  renderRoute('/view-user/12', [{ path: '/view-user/12', element: <PrintBadgeButton badge={shown} /> }]);
}

describe('PrintBadgeButton', () => {
  it('prints a badge never printed at once, one badge per page', async () => {
    answers = [pdf()];
    renderButton(badge);
    fireEvent.click(screen.getByRole('button', { name: 'Print badge' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(seen.map((request) => request.body)).toEqual([{ eventId: 1, badgeIds: [12], sheet: 'single' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks "already printed on … — print again?" and prints only with a reason', async () => {
    answers = [pdf()];
    renderButton({ ...badge, printCount: 2, lastPrintedAt: LAST_PRINTED, lastPrintedBy: 'Olga Organiser' });
    fireEvent.click(screen.getByRole('button', { name: 'Print badge' }));

    expect(await screen.findByText(`Already printed on ${formatDate(LAST_PRINTED)} — print again?`)).toBeTruthy();
    expect(screen.getByText('Ada Lovelace’s badge was printed 2 times, last by Olga Organiser.')).toBeTruthy();
    expect(seen).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Print again' }));
    expect(await screen.findByText('Say why the badge is printed again')).toBeTruthy();
    expect(seen).toEqual([]);

    fill(screen.getByLabelText(/Reason for printing again/), 'Lost at the entrance');
    fireEvent.click(screen.getByRole('button', { name: 'Print again' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.body).toEqual({ eventId: 1, badgeIds: [12], sheet: 'single', reprintReason: 'Lost at the entrance' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks for a reason when the server knows of a print the page did not show', async () => {
    answers = [
      {
        status: 409,
        data: { statusCode: 409, error: 'Conflict', message: '1 badge was already printed', alreadyPrinted: 1, examples: [{ id: 12, name: 'Ada Lovelace', lastPrintedAt: LAST_PRINTED }] },
      },
    ];
    renderButton(badge);
    fireEvent.click(screen.getByRole('button', { name: 'Print badge' }));
    expect(await screen.findByText(`Already printed on ${formatDate(LAST_PRINTED)} — print again?`)).toBeTruthy();
  });

  it('offers nothing for a cancelled badge', () => {
    renderButton({ ...badge, status: 'cancelled' });
    expect(screen.queryByRole('button', { name: 'Print badge' })).toBeNull();
  });
});
