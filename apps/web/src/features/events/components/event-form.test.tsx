import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { fakeAdapter } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { EventForm } from './event-form';

const originalAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = originalAdapter;
});

function renderForm(onSaved: (event: { id: number }) => void = () => {}) {
  renderRoute('/events/create', [
    { path: '/events/create', element: <EventForm event={null} cancelTo="/events" onSaved={onSaved} /> },
  ]);
}

describe('EventForm', () => {
  it('refuses an end date before the start date without asking the server', async () => {
    const { adapter, seen } = fakeAdapter(() => ({ status: 201, data: { data: { id: 1 } } }));
    api.defaults.adapter = adapter;
    renderForm();
    fill(screen.getByLabelText(/^Name/), 'Baltic Food Fair');
    fill(screen.getByLabelText('Start date'), '2027-05-10');
    fill(screen.getByLabelText('End date'), '2027-05-08');
    fireEvent.click(screen.getByRole('button', { name: 'Create event' }));
    expect(await screen.findByText('The end date cannot be before the start date')).toBeTruthy();
    expect(screen.getByLabelText('End date').getAttribute('aria-invalid')).toBe('true');
    expect(seen).toHaveLength(0);
  });

  it('reports the missing name and the dates out of order on the same, first submit', async () => {
    const { adapter, seen } = fakeAdapter(() => ({ status: 201, data: { data: { id: 1 } } }));
    api.defaults.adapter = adapter;
    renderForm();
    fill(screen.getByLabelText('Start date'), '2027-05-10');
    fill(screen.getByLabelText('End date'), '2027-05-08');
    fireEvent.click(screen.getByRole('button', { name: 'Create event' }));
    expect(await screen.findByText('The end date cannot be before the start date')).toBeTruthy();
    expect(screen.getByLabelText(/^Name/).getAttribute('aria-invalid')).toBe('true');
    expect(seen).toHaveLength(0);
  });

  it('offers a neutral example as the slug placeholder, not an event of the portal', () => {
    renderForm();
    expect(screen.getByLabelText(/^Slug/).getAttribute('placeholder')).toBe('example-trade-fair');
  });

  it('sends what was entered, empty fields as not given, and reports the saved event', async () => {
    const { adapter, seen } = fakeAdapter(() => ({ status: 201, data: { data: { id: 7 } } }));
    api.defaults.adapter = adapter;
    let saved: { id: number } | null = null;
    renderForm((event) => (saved = event));
    fill(screen.getByLabelText(/^Name/), 'Baltic Food Fair');
    fill(screen.getByLabelText('Start date'), '2027-05-08');
    fill(screen.getByLabelText('End date'), '2027-05-10');
    fill(screen.getByLabelText(/^Currency/), 'EUR');
    fireEvent.click(screen.getByRole('button', { name: 'Create event' }));
    await waitFor(() => expect(saved).toEqual({ id: 7 }));
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/events',
      body: { name: 'Baltic Food Fair', startDate: '2027-05-08', endDate: '2027-05-10', currency: 'EUR', venue: null },
    });
    expect(seen[0]!.body).not.toHaveProperty('slug');
  });

  it('checks the accounting email and sends it in lower case', async () => {
    const { adapter, seen } = fakeAdapter(() => ({ status: 201, data: { data: { id: 8 } } }));
    api.defaults.adapter = adapter;
    renderForm();
    fill(screen.getByLabelText(/^Name/), 'Baltic Food Fair');
    fill(screen.getByLabelText('Accounting email'), 'not an address');
    fireEvent.click(screen.getByRole('button', { name: 'Create event' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(seen).toHaveLength(0);
    fill(screen.getByLabelText('Accounting email'), 'Books@Baltic-Food.example');
    fireEvent.click(screen.getByRole('button', { name: 'Create event' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.body).toMatchObject({ accountingEmail: 'books@baltic-food.example' });
  });

  it('puts the server’s field errors on their fields', async () => {
    const { adapter } = fakeAdapter(() => ({
      status: 409,
      data: {
        statusCode: 409,
        error: 'Conflict',
        message: 'An event with this slug already exists',
        details: [{ field: 'slug', message: 'An event with this slug already exists' }],
      },
    }));
    api.defaults.adapter = adapter;
    renderForm();
    fill(screen.getByLabelText(/^Name/), 'Nordic Tech Expo 2027');
    fill(screen.getByLabelText('Slug'), 'nordic-tech-expo-2027');
    fireEvent.click(screen.getByRole('button', { name: 'Create event' }));
    expect(await screen.findByText('An event with this slug already exists')).toBeTruthy();
    expect(screen.getByLabelText('Slug').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a message naming no field above the form', async () => {
    const { adapter } = fakeAdapter(() => ({
      status: 403,
      data: { statusCode: 403, error: 'Forbidden', message: 'You do not have permission to do this' },
    }));
    api.defaults.adapter = adapter;
    renderForm();
    fill(screen.getByLabelText(/^Name/), 'Baltic Food Fair');
    fireEvent.click(screen.getByRole('button', { name: 'Create event' }));
    expect((await screen.findByRole('alert')).textContent).toContain('You do not have permission to do this');
  });
});
