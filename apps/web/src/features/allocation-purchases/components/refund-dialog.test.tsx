import type { AllocationPurchase } from '@portal/shared/allocation-purchases';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import type { Reply } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { answerRequests, type PurchaseRequest } from '../testing/api';
import { purchaseOf } from '../testing/fixtures';
import { RefundDialog } from './refund-dialog';

const originalAdapter = api.defaults.adapter;
let seen: PurchaseRequest[];
let answer: Reply;
let closed: number;

// Paid $200.00 for 8 places, $50.00 of it already refunded.
const PAID = purchaseOf({
  status: 'partially_refunded',
  accepted_amount: 8,
  amount_to_pay: 20000,
  is_paid: true,
  refunded_amount: 5000,
});

beforeEach(() => {
  closed = 0;
  answer = { status: 200, data: { data: PAID } };
  seen = answerRequests(() => answer);
});

const renderDialog = (purchase: AllocationPurchase) =>
  renderRoute('/', [{ path: '/', element: <RefundDialog purchase={purchase} onClose={() => closed++} /> }]);

afterEach(() => {
  api.defaults.adapter = originalAdapter;
});

const amount = () => screen.getByRole('textbox', { name: /Amount/ });

async function confirm() {
  const dialog = await screen.findByRole('alertdialog', { name: 'Refund this payment?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
}

describe('RefundDialog', () => {
  beforeEach(() => renderDialog(PAID));

  it('offers what is paid and not yet refunded, and refuses more', async () => {
    expect((amount() as HTMLInputElement).value).toBe('150.00');
    fill(amount(), '150.01');
    fill(screen.getByRole('textbox', { name: /Reason/ }), 'Two staff cancelled');
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('At most $150.00, what is paid and not yet refunded')).toBeTruthy();
    expect(seen).toHaveLength(0);
  });

  it('sends the amount in minor units with the reason, after confirmation', async () => {
    fill(amount(), '50');
    fill(screen.getByRole('textbox', { name: /Reason/ }), ' Two staff cancelled ');
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain('$50.00 goes back to Aurora Robotics AS');
    expect(seen).toHaveLength(0);
    await confirm();
    await waitFor(() => expect(closed).toBe(1));
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/admin/allocation-purchases/42/refunds',
      body: { amount: 5000, reason: 'Two staff cancelled' },
    });
  });

  it('shows the API’s 422, which says how many badges must go first, at the amount', async () => {
    const message = 'This refund takes back 6 places but only 2 are unused: 4 badges must be cancelled first';
    answer = {
      status: 422,
      data: { statusCode: 422, error: 'Unprocessable Entity', message, details: [{ field: 'amount', message }] },
    };
    fill(screen.getByRole('textbox', { name: /Reason/ }), 'Cancelled stand');
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    await confirm();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(amount().getAttribute('aria-invalid')).toBe('true');
    expect(closed).toBe(0);
  });

  it('shows a refusal that names no field above the form', async () => {
    const message = 'The payment provider refused the refund';
    answer = { status: 502, data: { statusCode: 502, error: 'Bad Gateway', message } };
    fill(screen.getByRole('textbox', { name: /Reason/ }), 'Cancelled stand');
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    await confirm();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('needs a reason and an amount of money', async () => {
    fill(amount(), 'ten');
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('An amount such as 12.50')).toBeTruthy();
    expect(screen.getByText('Say why the payment is refunded')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Reason/ }).getAttribute('aria-invalid')).toBe('true');
    expect(seen).toHaveLength(0);
  });
});

describe('RefundDialog in a currency with three decimals', () => {
  it('reads and writes the amount with the currency’s own decimals', async () => {
    // The same purchase in Kuwaiti dinars: 20.000 KWD paid, 5.000 refunded, three decimals.
    const kwd = purchaseOf({ ...PAID, currency: 'KWD', unitPrice: 2500, amount_to_pay: 20000, refunded_amount: 5000 });
    renderDialog(kwd);
    expect((amount() as HTMLInputElement).value).toBe('15.000');
    fill(amount(), '2.5');
    fill(screen.getByRole('textbox', { name: /Reason/ }), 'One stand smaller');
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect((await screen.findByRole('alertdialog')).textContent).toMatch(/KWD\s2\.500 goes back/);
    await confirm();
    await waitFor(() => expect(closed).toBe(1));
    expect(seen[0]).toMatchObject({ body: { amount: 2500, reason: 'One stand smaller' } });
  });
});
