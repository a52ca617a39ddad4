import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { answerRequests, emptyList, listOf, type PurchaseRequest } from '../testing/api';
import { purchaseOf } from '../testing/fixtures';
import { PurchaseTable } from './purchase-table';

const originalAdapter = api.defaults.adapter;
let seen: PurchaseRequest[];

beforeEach(() => {
  seen = answerRequests(({ url }) => {
    if (url === '/admin/allocation-purchases') return { status: 200, data: listOf([purchaseOf()]) };
    if (url === '/events')
      return {
        status: 200,
        data: listOf([
          { id: 1, name: 'Nordic Tech Expo 2027' },
          { id: 2, name: 'Baltic Build 2027' },
        ]),
      };
    if (url === '/admin/exhibitors')
      return { status: 200, data: listOf([{ id: 4, companyName: 'Aurora Robotics AS', name: 'Ada Lind' }]) };
    if (url.startsWith('/admin/badge-categories/event/'))
      return { status: 200, data: { data: [{ id: 4, name: 'Booth staff', displayName: null }] } };
    return { status: 200, data: emptyList };
  });
});

afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

function signIn(session: ReturnType<typeof demo.eventAdmin>) {
  startSession({ admin: session.user, token: 't', refreshToken: 'r' });
}

// Each change is a navigation and a new request; on a busy machine that takes longer than the default second.
const eventually = (assertion: () => void) => waitFor(assertion, { timeout: 5000 });

const listRequests = () => seen.filter((request) => request.url === '/admin/allocation-purchases');

function open(path: string) {
  return renderRoute(path, [{ path: '/allocation-purchases', element: <PurchaseTable /> }]).router;
}

describe('AllocationsFilter', () => {
  it('reads its filters from the URL and sends only the valid ones', async () => {
    signIn(demo.eventAdmin());
    open('/allocation-purchases?status=approved&paid=no&from=2027-01-01&to=nonsense&sort=hack&exhibitorId=4&page=2');
    await eventually(() => expect(listRequests()).toHaveLength(1));
    expect(listRequests()[0]!.params).toEqual({
      page: 2,
      sort: '-purchasedAt',
      exhibitorId: 4,
      status: 'approved',
      is_paid: false,
      from: '2027-01-01',
    });
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('approved');
    expect((screen.getByRole('combobox', { name: 'Payment' }) as HTMLSelectElement).value).toBe('no');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2027-01-01');
  });

  it('puts a changed filter in the URL, back on the first page, and asks again', async () => {
    signIn(demo.eventAdmin());
    const router = open('/allocation-purchases?page=3&paid=yes');
    await eventually(() => expect(listRequests()).toHaveLength(1));
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'paid' } });
    await eventually(() => expect(listRequests()).toHaveLength(2));
    expect(new URLSearchParams(router.state.location.search).toString()).toBe('paid=yes&status=paid');
    expect(listRequests()[1]!.params).toMatchObject({ page: 1, status: 'paid', is_paid: true });

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2027-03-31' } });
    await eventually(() => expect(listRequests().at(-1)!.params).toMatchObject({ to: '2027-03-31', status: 'paid' }));
    expect(router.state.location.search).toContain('to=2027-03-31');
  });

  it('offers the event filter to accounts of no single event, and a new event clears exhibitor and category', async () => {
    signIn(demo.systemAdmin());
    const router = open('/allocation-purchases?eventId=1&exhibitorId=4&badgeCategoryId=4&status=requested');
    await eventually(() => expect(screen.getByRole('option', { name: 'Baltic Build 2027' })).toBeTruthy());
    fireEvent.change(screen.getByRole('combobox', { name: 'Event' }), { target: { value: '2' } });
    await eventually(() => expect(router.state.location.search).toBe('?eventId=2&status=requested'));
    await eventually(() =>
      expect(listRequests().at(-1)!.params).toEqual({ page: 1, sort: '-purchasedAt', eventId: 2, status: 'requested' }),
    );
  });

  it('gives an exhibitor neither the event nor the exhibitor filter, and clears every filter at once', async () => {
    signIn(demo.exhibitor());
    const router = open('/allocation-purchases?status=rejected&paid=no');
    await eventually(() => expect(listRequests()).toHaveLength(1));
    expect(screen.queryByRole('combobox', { name: 'Event' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Exhibitor' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear 2 filters' }));
    await eventually(() => expect(router.state.location.search).toBe(''));
  });

  it('folds away behind a Filters button on a phone, which counts the filters set', async () => {
    signIn(demo.eventAdmin());
    open('/allocation-purchases?status=approved&paid=no');
    const toggle = await screen.findByRole('button', { name: 'Filters (2)' });
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(panel.className).toContain('hidden');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel.className).not.toMatch(/(^| )hidden( |$)/);
  });
});
