import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import type { Reply } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { answerRequests } from '../testing/api';
import { purchaseOf } from '../testing/fixtures';
import { RecordPaymentDialog } from './record-payment-dialog';
import { ReissueInvoiceDialog } from './reissue-invoice-dialog';

const originalAdapter = api.defaults.adapter;

afterEach(() => {
  api.defaults.adapter = originalAdapter;
});

const APPROVED = purchaseOf({
  status: 'approved',
  accepted_amount: 8,
  amount_to_pay: 20000,
  invoice_id: 'INV-2027-000007',
});

function open(element: (onClose: () => void) => ReactNode, answer: Reply) {
  const state = { closed: 0 };
  const seen = answerRequests(() => answer);
  renderRoute('/', [{ path: '/', element: element(() => state.closed++) }]);
  return { seen, state };
}

describe('RecordPaymentDialog', () => {
  it('records the transfer’s reference and the day it arrived', async () => {
    const { seen, state } = open((onClose) => <RecordPaymentDialog purchase={APPROVED} onClose={onClose} />, {
      status: 201,
      data: { data: APPROVED },
    });
    expect(screen.getByRole('dialog').textContent).toContain('$200.00 from Aurora Robotics AS');
    fill(screen.getByRole('textbox', { name: /Transfer reference/ }), 'NO93 8601 1117 947');
    fill(screen.getByLabelText(/Received on/), '2027-02-03');
    fireEvent.click(screen.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(state.closed).toBe(1));
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/payments',
      body: { allocationPurchaseId: 42, reference: 'NO93 8601 1117 947', paidAt: '2027-02-03T12:00:00.000Z' },
    });
  });

  it('needs a reference, and shows the server’s refusal', async () => {
    const message = 'This purchase is already paid';
    const { seen } = open((onClose) => <RecordPaymentDialog purchase={APPROVED} onClose={onClose} />, {
      status: 409,
      data: { statusCode: 409, error: 'Conflict', message },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(seen).toHaveLength(0);
    fill(screen.getByRole('textbox', { name: /Transfer reference/ }), 'REF-1');
    fireEvent.click(screen.getByRole('button', { name: 'Record payment' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(seen[0]!.body).toEqual({ allocationPurchaseId: 42, reference: 'REF-1' });
  });
});

const invoiceSummary = (totalAmount: number, remainingAmount: number) => ({
  id: 7,
  number: 'INV-2027-000007',
  issuedAt: '2027-02-02T10:00:00.000Z',
  billTo: { companyName: 'Aurora Robotics AS', contactName: 'Ada Lind', email: null, address: null, street: null, postcode: null, city: null, vatNumber: null, country: null },
  totalAmount,
  remainingAmount,
});

describe('ReissueInvoiceDialog', () => {
  it('says that only what was not refunded moves to the new invoice', () => {
    const partlyRefunded = { ...APPROVED, status: 'partially_refunded' as const, invoice: invoiceSummary(20000, 12500) };
    open((onClose) => <ReissueInvoiceDialog purchase={partlyRefunded} onClose={onClose} />, { status: 200, data: {} });
    expect(screen.getByRole('dialog').textContent).toContain(
      'A credit note for $125.00 cancels invoice INV-2027-000007, and a new invoice for $125.00 is issued',
    );
    expect(screen.getByRole('dialog').textContent).toContain('Of its $200.00, $75.00 was already credited and stays so.');
  });

  it('asks for a corrected invoice with the reason, and names the new number', async () => {
    const issued = { ...APPROVED, invoice: invoiceSummary(20000, 20000) };
    const { seen, state } = open((onClose) => <ReissueInvoiceDialog purchase={issued} onClose={onClose} />, {
      status: 200,
      data: { data: { ...APPROVED, invoice_id: 'INV-2027-000009' } },
    });
    expect(screen.getByRole('dialog').textContent).toContain(
      'A credit note for $200.00 cancels invoice INV-2027-000007, and a new invoice for $200.00 is issued under the next number',
    );
    fill(screen.getByRole('textbox', { name: /Reason/ }), 'New VAT number');
    expect(screen.getByRole('dialog', { name: 'Issue a corrected invoice' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Issue corrected invoice' }));
    await waitFor(() => expect(state.closed).toBe(1));
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/admin/allocation-purchases/42/reissue-invoice',
      body: { reason: 'New VAT number' },
    });
  });
});
