import type { BadgeCategory } from '@portal/shared/badge-categories';
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

// One event per currency of the money tests: two, two, no and three decimals.
const EVENTS_BY_CURRENCY = [
  { id: 11, name: 'Austin Expo', currency: 'USD' },
  { id: 12, name: 'Berlin Expo', currency: 'EUR' },
  { id: 13, name: 'Tokyo Expo', currency: 'JPY' },
  { id: 14, name: 'Kuwait Expo', currency: 'KWD' },
] as PortalEvent[];

function renderCreateForm(events: PortalEvent[]) {
  const { adapter, seen } = fakeAdapter(() => ({ status: 201, data: { data: { id: 1 } } }));
  api.defaults.adapter = adapter;
  renderRoute('/badge-categories', [
    {
      path: '/badge-categories',
      element: (
        <FormDialog open onClose={() => {}} title="New badge category" description="A kind of badge">
          <BadgeCategoryForm
            category={null}
            events={events}
            eventId={null}
            badgeTypes={['exhibitor']}
            onSaved={() => {}}
          />
        </FormDialog>
      ),
    },
  ]);
  return seen;
}

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

  it.each([
    [11, 'USD', '45.50', 4550],
    [12, 'EUR', '71', 7100],
    [13, 'JPY', '4500', 4500],
    [14, 'KWD', '45.125', 45125],
    [11, 'USD', '1 200.00', 120000],
    [12, 'EUR', '1.200,00', 120000],
    [13, 'JPY', '12\u00a0000', 12000],
  ])('sends a price typed for a %i (%s) event in its minor unit', async (eventId, currency, typed, minorUnits) => {
    const seen = renderCreateForm(EVENTS_BY_CURRENCY);
    fill(screen.getByLabelText(/^Event/), String(eventId));
    fill(screen.getByLabelText(/^Name/), 'Extra staff');
    fill(screen.getByLabelText(new RegExp(`^Price of an extra badge \\(${currency}\\)`)), typed);
    fireEvent.click(screen.getByRole('button', { name: 'Create category' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.body).toMatchObject({ eventId, unitPrice: minorUnits });
  });

  it.each([
    [12, '12.345', 'Enter an amount such as 12.50'],
    [13, '45.5', 'Enter an amount such as 1250'],
    [14, '1.0005', 'Enter an amount such as 12.500'],
  ])('refuses more decimals than the currency of event %i has', async (eventId, typed, message) => {
    const seen = renderCreateForm(EVENTS_BY_CURRENCY);
    fill(screen.getByLabelText(/^Event/), String(eventId));
    fill(screen.getByLabelText(/^Name/), 'Extra staff');
    fill(screen.getByLabelText(/^Price of an extra badge/), typed);
    fireEvent.click(screen.getByRole('button', { name: 'Create category' }));
    await waitFor(() => expect(document.getElementById('category-price-error')?.textContent).toBe(message));
    expect(seen).toHaveLength(0);
  });

  it('shows a saved price with its currency’s decimals', () => {
    const category = {
      id: 5,
      eventId: 13,
      currency: 'JPY',
      unitPrice: 4500,
      name: 'Staff',
      type: 'badge',
    } as BadgeCategory;
    renderRoute('/badge-categories', [
      {
        path: '/badge-categories',
        element: (
          <FormDialog open onClose={() => {}} title="Edit badge category" description="A kind of badge">
            <BadgeCategoryForm
              category={category}
              events={EVENTS_BY_CURRENCY}
              eventId={13}
              badgeTypes={['exhibitor']}
              onSaved={() => {}}
            />
          </FormDialog>
        ),
      },
    ]);
    const price = screen.getByLabelText(/^Price of an extra badge \(JPY\)/) as HTMLInputElement;
    expect(price.value).toBe('4500');
    expect(price.getAttribute('inputmode')).toBe('numeric');
  });

  it.each([
    ['19', 19],
    ['7,7', 7.7],
    ['0', 0],
    ['', null],
  ])('sends a VAT rate typed as %j as %j (empty: the event’s default)', async (typed, vatRate) => {
    const seen = renderCreateForm(EVENTS_BY_CURRENCY);
    fill(screen.getByLabelText(/^Event/), '12');
    fill(screen.getByLabelText(/^Name/), 'Extra staff');
    fill(screen.getByLabelText('VAT rate (%)'), typed);
    fireEvent.click(screen.getByRole('button', { name: 'Create category' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.body).toMatchObject({ eventId: 12, vatRate });
  });

  it.each([
    ['101', 'A percentage from 0 to 100'],
    ['nineteen', 'A percentage from 0 to 100'],
    ['7.125', 'At most two decimals'],
  ])('refuses a VAT rate of %j beside the field', async (typed, message) => {
    const seen = renderCreateForm(EVENTS_BY_CURRENCY);
    fill(screen.getByLabelText(/^Event/), '12');
    fill(screen.getByLabelText(/^Name/), 'Extra staff');
    fill(screen.getByLabelText('VAT rate (%)'), typed);
    fireEvent.click(screen.getByRole('button', { name: 'Create category' }));
    await waitFor(() => expect(document.getElementById('category-vat-rate-error')?.textContent).toBe(message));
    expect(seen).toHaveLength(0);
  });

  it('shows a category’s own rate, and sends the event’s default once the field is emptied', async () => {
    const { adapter, seen } = fakeAdapter(() => ({ status: 200, data: { data: { id: 5 } } }));
    api.defaults.adapter = adapter;
    const category = {
      id: 5,
      eventId: 12,
      currency: 'EUR',
      unitPrice: 7100,
      vatRate: 7,
      name: 'Parking',
      displayName: null,
      badgeType: 'exhibitor',
      isActive: true,
      sortOrder: 0,
      description: null,
      type: 'addon',
    } as BadgeCategory;
    renderRoute('/badge-categories', [
      {
        path: '/badge-categories',
        element: (
          <FormDialog open onClose={() => {}} title="Edit badge category" description="A kind of badge">
            <BadgeCategoryForm
              category={category}
              events={EVENTS_BY_CURRENCY}
              eventId={12}
              badgeTypes={['exhibitor']}
              onSaved={() => {}}
            />
          </FormDialog>
        ),
      },
    ]);
    const rate = screen.getByLabelText('VAT rate (%)') as HTMLInputElement;
    expect(rate.value).toBe('7');
    expect(rate.placeholder).toBe('Event default');
    fill(rate, '');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toMatchObject({ method: 'PUT', body: { vatRate: null, unitPrice: 7100 } });
  });

  it('puts the server’s refusal of the rate on the rate field', async () => {
    const { adapter } = fakeAdapter(() => ({
      status: 400,
      data: { message: 'Invalid body', details: [{ field: 'vatRate', message: 'At most two decimals' }] },
    }));
    renderCreateForm(EVENTS_BY_CURRENCY);
    api.defaults.adapter = adapter;
    fill(screen.getByLabelText(/^Event/), '12');
    fill(screen.getByLabelText(/^Name/), 'Extra staff');
    fill(screen.getByLabelText('VAT rate (%)'), '19');
    fireEvent.click(screen.getByRole('button', { name: 'Create category' }));
    await waitFor(() => expect(screen.getByLabelText('VAT rate (%)').getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('category-vat-rate-error')?.textContent).toBe('At most two decimals');
  });

  it('offers to sell lead scanning for an add-on only, and sends the choice', async () => {
    const seen = renderCreateForm(EVENTS);
    const scanning = /^Sells lead scanning — each unit lets one member of the exhibitor’s staff scan leads/;
    expect(screen.queryByRole('switch', { name: scanning })).toBeNull();
    fill(screen.getByLabelText(/^Event/), '1');
    fill(screen.getByLabelText(/^Name/), 'Skeneris stendam');
    fill(screen.getByLabelText(/^Kind/), 'addon');
    fireEvent.click(await screen.findByRole('switch', { name: scanning }));
    fireEvent.click(screen.getByRole('button', { name: 'Create category' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.body).toMatchObject({ type: 'addon', name: 'Skeneris stendam', grantsLeadScanning: true });
  });

  it('never sends lead scanning as on for a badge category, even when chosen before the kind changed back', async () => {
    const seen = renderCreateForm(EVENTS);
    fill(screen.getByLabelText(/^Event/), '1');
    fill(screen.getByLabelText(/^Name/), 'Προσωπικό');
    fill(screen.getByLabelText(/^Kind/), 'addon');
    fireEvent.click(await screen.findByRole('switch', { name: /^Sells lead scanning/ }));
    fill(screen.getByLabelText(/^Kind/), 'badge');
    await waitFor(() => expect(screen.queryByRole('switch', { name: /^Sells lead scanning/ })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Create category' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.body).toMatchObject({ type: 'badge', grantsLeadScanning: false });
  });
});

