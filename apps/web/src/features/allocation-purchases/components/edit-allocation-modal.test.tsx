import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import type { Reply } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { answerRequests, type PurchaseRequest } from '../testing/api';
import { purchaseOf } from '../testing/fixtures';
import { EditAllocationModal } from './edit-allocation-modal';

const originalAdapter = api.defaults.adapter;
let seen: PurchaseRequest[];
let answer: Reply;
let closed: number;

beforeEach(() => {
  closed = 0;
  answer = { status: 200, data: { data: purchaseOf({ status: 'approved' }) } };
  seen = answerRequests(() => answer);
  renderRoute('/', [
    {
      path: '/',
      element: <EditAllocationModal purchase={purchaseOf({ comment: 'Two more booths' })} onClose={() => closed++} />,
    },
  ]);
});

afterEach(() => {
  api.defaults.adapter = originalAdapter;
});

const amount = () => screen.getByRole('spinbutton', { name: /Places to approve/ });

describe('EditAllocationModal', () => {
  it('starts from every place asked for and shows the amount to pay for the places approved', async () => {
    expect((amount() as HTMLInputElement).value).toBe('10');
    expect(screen.getByText('Two more booths')).toBeTruthy();
    expect(screen.getByText(/To pay: \$250\.00/)).toBeTruthy();
    fill(amount(), '8');
    await waitFor(() => expect(screen.getByText(/To pay: \$200\.00/)).toBeTruthy());
  });

  it.each([
    ['0', 'Approve at least 1 place'],
    ['11', 'At most the 10 places asked for'],
    ['3.5', 'A whole number of places'],
    ['', 'A whole number of places'],
  ])('refuses %j places before sending', async (value, message) => {
    fill(amount(), value);
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(seen).toHaveLength(0);
  });

  it('approves from 1 up to the quantity asked for', async () => {
    fill(amount(), '1');
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(closed).toBe(1));
    expect(seen[0]).toMatchObject({
      method: 'PUT',
      url: '/admin/allocation-purchases/42',
      body: { action: 'approve', accepted_amount: 1 },
    });
  });

  it('rejects only with a reason, and only after confirmation', async () => {
    fireEvent.click(screen.getByRole('radio', { name: /Reject/ }));
    expect(screen.queryByRole('spinbutton', { name: /Places to approve/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reject request' }));
    expect(await screen.findByText('Say why the request is rejected')).toBeTruthy();
    fill(screen.getByRole('textbox', { name: /Reason/ }), 'The hall is full');
    fireEvent.click(screen.getByRole('button', { name: 'Reject request' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Reject this request?' });
    expect(seen).toHaveLength(0);
    fireEvent.click(confirm.querySelector('button:last-of-type')!);
    await waitFor(() => expect(closed).toBe(1));
    expect(seen[0]!.body).toEqual({ action: 'reject', comment: 'The hall is full' });
  });

  it('shows the server’s 409 when the request was decided meanwhile', async () => {
    answer = {
      status: 409,
      data: { statusCode: 409, error: 'Conflict', message: 'This purchase is already approved' },
    };
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This purchase is already approved');
    expect(closed).toBe(0);
  });
});
