import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import type { Reply } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { AllocationPurchasesPage } from '../pages/allocation-purchases-page';
import { answerRequests, emptyList, listOf, type PurchaseRequest } from '../testing/api';
import { purchaseOf } from '../testing/fixtures';

const originalAdapter = api.defaults.adapter;
let seen: PurchaseRequest[];
let createAnswer: Reply;

const CATEGORIES = [
  { id: 4, name: 'Booth staff', displayName: 'Booth staff badge', unitPrice: 2550, currency: 'USD', isActive: true },
  { id: 5, name: 'Contractor', displayName: null, unitPrice: 1000, currency: 'USD', isActive: true },
  { id: 6, name: 'Retired', displayName: null, unitPrice: 100, currency: 'USD', isActive: false },
  { id: 7, name: 'Press', displayName: null, unitPrice: 0, currency: 'USD', isActive: true },
];

beforeEach(() => {
  const { user } = demo.exhibitor();
  startSession({
    admin: { ...user, permissions: [...user.permissions, 'create_allocation_purchase'] },
    token: 't',
    refreshToken: 'r',
  });
  seen = answerRequests(({ method, url }) => {
    if (method === 'POST' && url === '/admin/allocation-purchases') return createAnswer;
    if (url === '/admin/badge-categories/event/1') return { status: 200, data: { data: CATEGORIES } };
    if (url === '/admin/allocations')
      return {
        status: 200,
        data: listOf([{ badgeCategoryId: 4, adminId: 1, quantity: 10, usedTotal: 10, available: 0 }]),
      };
    return { status: 200, data: emptyList };
  });
});

afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

function open(path = '/allocation-purchases?create=4') {
  return renderRoute(path, [{ path: '/allocation-purchases', element: <AllocationPurchasesPage /> }]).router;
}

const price = () => screen.getByTestId('live-price').textContent;
const dialog = () => within(screen.getByRole('dialog'));

describe('CreateAllocationPurchaseDialog', () => {
  it('opens by itself for ?create=<category>, with that category chosen and its places shown', async () => {
    open();
    const category = (await within(await screen.findByRole('dialog')).findByRole('combobox', {
      name: /Category/,
    })) as HTMLSelectElement;
    await waitFor(() => expect(category.value).toBe('4'));
    expect(screen.queryByRole('option', { name: /Retired/ })).toBeNull();
    await waitFor(() => expect(screen.getByText(/You have 10 places, 0 of them still free/)).toBeTruthy());
  });

  it('words each category’s price per place, and a free one as free', async () => {
    open();
    expect(await screen.findByRole('option', { name: 'Booth staff badge · $25.50 per place' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Press · Free' })).toBeTruthy();
    expect(screen.queryByText(/Free per place/)).toBeNull();
  });

  it('computes the price live from the category’s price and the places asked for', async () => {
    open();
    await waitFor(() => expect(price()).toBe('$25.50'));
    fill(screen.getByRole('spinbutton', { name: /Places/ }), '12');
    await waitFor(() => expect(price()).toBe('$306.00'));
    fireEvent.change(dialog().getByRole('combobox', { name: /Category/ }), { target: { value: '5' } });
    await waitFor(() => expect(price()).toBe('$120.00'));
    fill(screen.getByRole('spinbutton', { name: /Places/ }), '0');
    await waitFor(() => expect(price()).toBe('—'));
  });

  it('sends category, places and comment, never a price', async () => {
    createAnswer = { status: 201, data: { data: purchaseOf() } };
    const router = open();
    await waitFor(() => expect(price()).toBe('$25.50'));
    fill(screen.getByRole('spinbutton', { name: /Places/ }), '10');
    fill(screen.getByRole('textbox', { name: /Comment/ }), '  For the second hall  ');
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(seen.find((request) => request.method === 'POST')!.body).toEqual({
      badgeCategoryId: 4,
      quantity: 10,
      comment: 'For the second hall',
    });
    expect(router.state.location.search).toBe('');
  });

  it('puts the server’s field errors on their fields and keeps the dialog open', async () => {
    createAnswer = {
      status: 400,
      data: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Validation failed',
        details: [{ field: 'quantity', message: 'At most 10000 places at once' }],
      },
    };
    open();
    await waitFor(() => expect(price()).toBe('$25.50'));
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.getByText('At most 10000 places at once')).toBeTruthy());
    expect(screen.getByRole('spinbutton', { name: /Places/ }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('shows a rule the server refuses without a field (a closed category) above the form', async () => {
    createAnswer = {
      status: 422,
      data: { statusCode: 422, error: 'Unprocessable Entity', message: 'This category is not on sale' },
    };
    open();
    await waitFor(() => expect(price()).toBe('$25.50'));
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This category is not on sale');
  });

  it('checks the places before sending', async () => {
    open();
    await waitFor(() => expect(price()).toBe('$25.50'));
    fill(screen.getByRole('spinbutton', { name: /Places/ }), '2.5');
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('A whole number of places')).toBeTruthy();
    expect(seen.some((request) => request.method === 'POST')).toBe(false);
  });
});
