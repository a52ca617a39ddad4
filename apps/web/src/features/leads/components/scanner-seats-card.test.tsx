import type { LeadSeats } from '@portal/shared/leads';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { fakeAdapter, type SeenRequest } from '@/testing/fake-adapter';
import { renderRoute } from '@/testing/render';
import { ScannerSeatsCard } from './scanner-seats-card';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const originalAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = originalAdapter;
});

const STAFF: LeadSeats['staff'] = [
  { id: 5, name: 'Aurora Robotics', email: 'exhibitor@aurora.example', type: 'exhibitor', hasSeat: false },
  { id: 8, name: 'Ēriks Ozoliņš', email: 'eriks@aurora.example', type: 'sub-account', hasSeat: true },
  { id: 9, name: 'Ζωή Παπαδοπούλου', email: 'zoi@aurora.example', type: 'sub-account', hasSeat: false },
];

function renderCard(seats: LeadSeats) {
  const { adapter, seen } = fakeAdapter((request: SeenRequest) =>
    request.method === 'PUT'
      ? {
          status: 200,
          data: {
            data: {
              ...seats,
              staff: seats.staff.map((member) => ({
                ...member,
                hasSeat: (request.body as { adminIds: number[] }).adminIds.includes(member.id),
              })),
            },
          },
        }
      : { status: 200, data: { data: seats } },
  );
  api.defaults.adapter = adapter;
  renderRoute('/leads', [
    { path: '/leads', element: <ScannerSeatsCard /> },
    { path: '/allocation-purchases', element: <p>Purchases</p> },
  ]);
  return seen;
}

const box = (name: RegExp) => screen.getByRole('checkbox', { name });

describe('ScannerSeatsCard', () => {
  it('gives the seats bought, no more, and saves who holds one', async () => {
    const seen = renderCard({ mode: 'seats', seats: 2, staff: STAFF });
    expect(await screen.findByText('1 of 2 seats given')).toBeTruthy();
    expect(box(/Ēriks Ozoliņš/).getAttribute('data-state')).toBe('checked');
    fireEvent.click(box(/Aurora Robotics/));
    expect(screen.getByText('2 of 2 seats given')).toBeTruthy();
    // No seat left: the one without a seat cannot be ticked, those with one can still be unticked.
    expect((box(/Ζωή/) as HTMLButtonElement).disabled).toBe(true);
    expect((box(/Ēriks/) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(seen.some((request) => request.method === 'PUT')).toBe(true));
    const put = seen.find((request) => request.method === 'PUT')!;
    expect(put.url).toBe('/leads/seats');
    expect([...(put.body as { adminIds: number[] }).adminIds].sort()).toEqual([5, 8]);
  });

  it('sends to Allocation Purchases where no seat is bought yet', async () => {
    renderCard({ mode: 'seats', seats: 0, staff: STAFF });
    const link = await screen.findByRole('link', { name: 'Allocation Purchases' });
    expect(link.getAttribute('href')).toBe('/allocation-purchases');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('says in one line what applies where scanning is not sold', async () => {
    renderCard({ mode: 'all', seats: 0, staff: STAFF });
    const card = (await screen.findByText(/Everyone of your staff/)).closest('div')!.parentElement!;
    expect(within(card).queryByRole('checkbox')).toBeNull();
  });
});
