import type { PortalEvent } from '@portal/shared/events';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormDialog } from '@/components/form/form-dialog';
import { api } from '@/lib/api-client';
import { fakeAdapter } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { BadgeCategoryForm } from './badge-category-form';

// What the form reads of an event: its name for the picker and its currency for the price.
const EVENTS = [
  { id: 1, name: 'Nordic Tech Expo 2027', currency: 'EUR' },
  { id: 2, name: 'Baltic Food Fair', currency: 'EUR' },
] as PortalEvent[];

const originalAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = originalAdapter;
});

describe('BadgeCategoryForm', () => {
  it('shows every error on the first submit: no event, no name, a price and an order out of bounds', async () => {
    const { adapter, seen } = fakeAdapter(() => ({ status: 201, data: { data: { id: 1 } } }));
    api.defaults.adapter = adapter;
    renderRoute('/badge-categories', [
      {
        path: '/badge-categories',
        element: (
          <FormDialog open onClose={() => {}} title="New badge category" description="A kind of badge">
            <BadgeCategoryForm
              category={null}
              events={EVENTS}
              eventId={null}
              badgeTypes={['exhibitor', 'visitor']}
              onSaved={() => {}}
            />
          </FormDialog>
        ),
      },
    ]);
    fill(screen.getByLabelText(/^Price of an extra badge/), '99999999');
    fill(screen.getByLabelText(/^Order/), '100001');
    fireEvent.click(screen.getByRole('button', { name: 'Create category' }));
    await waitFor(() => expect(document.getElementById('category-name-error')?.textContent).toBe('Required'));
    expect(document.getElementById('category-event-error')?.textContent).toBe('Choose an event');
    expect(document.getElementById('category-price-error')?.textContent).toBe('At most 1000000.00');
    expect(document.getElementById('category-order-error')?.textContent).toBe('A whole number from 0 to 100,000');
    expect(seen).toHaveLength(0);
  });
});
