import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { AllocationPurchasesPage } from '../pages/allocation-purchases-page';
import { answerRequests, emptyList, listOf } from '../testing/api';
import { purchaseOf } from '../testing/fixtures';

const originalAdapter = api.defaults.adapter;

const approved = { status: 'approved', accepted_amount: 10 } as const;
const PURCHASES = [
  purchaseOf({ id: 1, ...approved, amount_to_pay: 25000 }),
  purchaseOf({
    id: 2,
    ...approved,
    amount_to_pay: 29750,
    tax: { category: 'S', rate: 19, reverseCharge: false, pricesIncludeTax: false, exemptionReason: null, net: 25000, tax: 4750 },
  }),
  purchaseOf({
    id: 3,
    ...approved,
    amount_to_pay: 25000,
    buyerVatId: 'DE136695976',
    buyerReference: null,
    billingStreet: null,
    billingPostcode: null,
    billingCity: null,
    tax: { category: 'AE', rate: 0, reverseCharge: true, pricesIncludeTax: false, exemptionReason: 'Reverse charge: …', net: 25000, tax: 0 },
  }),
];

beforeEach(() => {
  const { user } = demo.eventAdmin();
  startSession({ admin: user, token: 't', refreshToken: 'r' });
  answerRequests(({ url }) =>
    url === '/admin/allocation-purchases' ? { status: 200, data: listOf(PURCHASES) } : { status: 200, data: emptyList },
  );
});

afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

describe('PurchaseTable amounts', () => {
  it('shows the amount to pay with its VAT, or the reverse charge, and nothing more where the event charges no VAT', async () => {
    renderRoute('/allocation-purchases', [{ path: '/allocation-purchases', element: <AllocationPurchasesPage /> }]);
    const amountOf = (id: number) => {
      const row = screen.getByRole('button', { name: new RegExp(`^Details of purchase #${id}:`) }).closest('tr')!;
      const header = screen.getAllByRole('columnheader').findIndex((cell) => cell.textContent === 'Amount');
      return within(row).getAllByRole('cell')[header]!.textContent;
    };
    await screen.findByRole('button', { name: /^Details of purchase #1:/ });
    expect(amountOf(1)).toBe('$250.00');
    expect(amountOf(2)).toBe('$297.50incl. $47.50 VAT');
    expect(amountOf(3)).toBe('$250.00Reverse charge');
  });
});

describe('PurchaseTable sort and export', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:purchases');
    URL.revokeObjectURL = vi.fn();
  });

  it('sorts by amount from its header, largest first, and exports with the filters and sort on screen', async () => {
    const seen = answerRequests(({ url }) =>
      url === '/admin/allocation-purchases'
        ? { status: 200, data: listOf(PURCHASES) }
        : url === '/admin/allocation-purchases/export'
          ? { status: 200, data: new Blob(['x']) }
          : { status: 200, data: emptyList },
    );
    const { router } = renderRoute('/allocation-purchases?status=approved&paid=no', [
      { path: '/allocation-purchases', element: <AllocationPurchasesPage /> },
    ]);
    await screen.findByRole('button', { name: /^Details of purchase #1:/ });
    fireEvent.click(within(screen.getByRole('columnheader', { name: /Amount/ })).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toContain('sort=-totalPrice'));
    await waitFor(() =>
      expect(seen.filter((request) => request.url === '/admin/allocation-purchases').at(-1)!.params).toMatchObject({
        sort: '-totalPrice',
      }),
    );

    fireEvent.keyDown(screen.getByRole('button', { name: 'Export' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Export .xlsx' }));
    await waitFor(() => expect(seen.some((request) => request.url === '/admin/allocation-purchases/export')).toBe(true));
    expect(seen.find((request) => request.url === '/admin/allocation-purchases/export')!.params).toEqual({
      sort: '-totalPrice',
      status: 'approved',
      is_paid: false,
      format: 'xlsx',
    });
    expect(URL.createObjectURL).toHaveBeenCalled();
  });
});
