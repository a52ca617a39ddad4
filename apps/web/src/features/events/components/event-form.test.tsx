import type { PortalEvent } from '@portal/shared/events';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { fakeAdapter, type Reply, type SeenRequest } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { EventForm } from './event-form';

const originalAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = originalAdapter;
});

const CURRENCIES = {
  provider: 'stripe',
  currencies: [
    { code: 'EUR', exponent: 2 },
    { code: 'JPY', exponent: 0 },
    { code: 'USD', exponent: 2 },
  ],
};

/** Answers the form's question about currencies itself, and gives back the other requests. */
function serve(handle: (request: SeenRequest) => Reply) {
  const { adapter, seen } = fakeAdapter((request) =>
    request.url === '/events/currencies' ? { status: 200, data: { data: CURRENCIES } } : handle(request),
  );
  api.defaults.adapter = adapter;
  return { seen: () => seen.filter((request) => request.url !== '/events/currencies') };
}

function renderForm(onSaved: (event: { id: number }) => void = () => {}) {
  renderRoute('/events/create', [
    { path: '/events/create', element: <EventForm event={null} cancelTo="/events" onSaved={onSaved} /> },
  ]);
}

describe('EventForm', () => {
  it('refuses an end date before the start date without asking the server', async () => {
    const { seen } = serve(() => ({ status: 201, data: { data: { id: 1 } } }));
    renderForm();
    fill(screen.getByLabelText(/^Name/), 'Baltic Food Fair');
    fill(screen.getByLabelText('Start date'), '2027-05-10');
    fill(screen.getByLabelText('End date'), '2027-05-08');
    fireEvent.click(screen.getByRole('button', { name: 'Create event' }));
    expect(await screen.findByText('The end date cannot be before the start date')).toBeTruthy();
    expect(screen.getByLabelText('End date').getAttribute('aria-invalid')).toBe('true');
    expect(seen()).toHaveLength(0);
  });

  it('reports the missing name and the dates out of order on the same, first submit', async () => {
    const { seen } = serve(() => ({ status: 201, data: { data: { id: 1 } } }));
    renderForm();
    fill(screen.getByLabelText('Start date'), '2027-05-10');
    fill(screen.getByLabelText('End date'), '2027-05-08');
    fireEvent.click(screen.getByRole('button', { name: 'Create event' }));
    expect(await screen.findByText('The end date cannot be before the start date')).toBeTruthy();
    expect(screen.getByLabelText(/^Name/).getAttribute('aria-invalid')).toBe('true');
    expect(seen()).toHaveLength(0);
  });

  it('offers a neutral example as the slug placeholder, not an event of the portal', () => {
    renderForm();
    expect(screen.getByLabelText(/^Slug/).getAttribute('placeholder')).toBe('example-trade-fair');
  });

  it('sends what was entered, empty fields as not given, and reports the saved event', async () => {
    const { seen } = serve(() => ({ status: 201, data: { data: { id: 7 } } }));
    let saved: { id: number } | null = null;
    renderForm((event) => (saved = event));
    fill(screen.getByLabelText(/^Name/), 'Baltic Food Fair');
    fill(screen.getByLabelText('Start date'), '2027-05-08');
    fill(screen.getByLabelText('End date'), '2027-05-10');
    await screen.findByRole('option', { name: /^EUR/ });
    fill(screen.getByLabelText(/^Currency/), 'EUR');
    fireEvent.click(screen.getByRole('button', { name: 'Create event' }));
    await waitFor(() => expect(saved).toEqual({ id: 7 }));
    expect(seen()[0]).toMatchObject({
      method: 'POST',
      url: '/events',
      body: { name: 'Baltic Food Fair', startDate: '2027-05-08', endDate: '2027-05-10', currency: 'EUR', venue: null },
    });
    expect(seen()[0]!.body).not.toHaveProperty('slug');
  });

  it('checks the accounting email and sends it in lower case', async () => {
    const { seen } = serve(() => ({ status: 201, data: { data: { id: 8 } } }));
    renderForm();
    fill(screen.getByLabelText(/^Name/), 'Baltic Food Fair');
    fill(screen.getByLabelText('Accounting email'), 'not an address');
    fireEvent.click(screen.getByRole('button', { name: 'Create event' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(seen()).toHaveLength(0);
    fill(screen.getByLabelText('Accounting email'), 'Books@Baltic-Food.example');
    fireEvent.click(screen.getByRole('button', { name: 'Create event' }));
    await waitFor(() => expect(seen()).toHaveLength(1));
    expect(seen()[0]!.body).toMatchObject({ accountingEmail: 'books@baltic-food.example' });
  });

  it('puts the server’s field errors on their fields', async () => {
    serve(() => ({
      status: 409,
      data: {
        statusCode: 409,
        error: 'Conflict',
        message: 'An event with this slug already exists',
        details: [{ field: 'slug', message: 'An event with this slug already exists' }],
      },
    }));
    renderForm();
    fill(screen.getByLabelText(/^Name/), 'Nordic Tech Expo 2027');
    fill(screen.getByLabelText('Slug'), 'nordic-tech-expo-2027');
    fireEvent.click(screen.getByRole('button', { name: 'Create event' }));
    expect(await screen.findByText('An event with this slug already exists')).toBeTruthy();
    expect(screen.getByLabelText('Slug').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a message naming no field above the form', async () => {
    serve(() => ({
      status: 403,
      data: { statusCode: 403, error: 'Forbidden', message: 'You do not have permission to do this' },
    }));
    renderForm();
    fill(screen.getByLabelText(/^Name/), 'Baltic Food Fair');
    fireEvent.click(screen.getByRole('button', { name: 'Create event' }));
    expect((await screen.findByRole('alert')).textContent).toContain('You do not have permission to do this');
  });

  it('offers only the currencies the payment provider takes, and keeps an event’s own', async () => {
    serve(() => ({ status: 200, data: {} }));
    const event: PortalEvent = {
      id: 3,
      name: 'Reykjavik Design Days',
      slug: 'reykjavik-design-days',
      description: null,
      startDate: null,
      endDate: null,
      venue: null,
      city: null,
      country: null,
      timezone: 'UTC',
      currency: 'ISK',
      accountingEmail: null,
      status: 'draft',
      exhibitorCount: 0,
      badgeCount: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    renderRoute('/events/3/edit', [
      { path: '/events/3/edit', element: <EventForm event={event} cancelTo="/events" onSaved={() => {}} /> },
    ]);
    await screen.findByRole('option', { name: /^JPY/ });
    const select = screen.getByLabelText(/^Currency/) as HTMLSelectElement;
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => (option as HTMLOptionElement).value),
    ).toEqual(['ISK', 'EUR', 'JPY', 'USD']);
    expect(select.value).toBe('ISK');
  });
});
