import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { fakeAdapter, type SeenRequest } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { ExhibitorForm } from './exhibitor-form';

const originalAdapter = api.defaults.adapter;
let seen: SeenRequest[];

beforeEach(() => {
  const { user } = demo.systemAdmin();
  startSession({ admin: user, token: 't', refreshToken: 'r' });
  const fake = fakeAdapter((request) => {
    if (request.url === '/events')
      return { status: 200, data: { data: [{ id: 3, name: 'Baltic Food Fair' }], meta: {} } };
    if (request.url === '/admin/companies')
      return { status: 200, data: { data: [{ id: 9, name: 'Aurora Robotics AS' }], meta: {} } };
    return { status: 201, data: { data: { id: 40, eventId: 3, email: 'ola@nordlys.example' } } };
  });
  seen = fake.seen;
  api.defaults.adapter = fake.adapter;
});

afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

function renderForm(onSaved: (saved: { id: number; eventId: number }) => void = () => {}) {
  renderRoute('/exhibitors/create', [
    {
      path: '/exhibitors/create',
      element: <ExhibitorForm exhibitor={null} cancelTo="/exhibitors" onSaved={onSaved} />,
    },
  ]);
}

async function fillContact() {
  await screen.findByRole('option', { name: 'Baltic Food Fair' });
  fill(screen.getByLabelText(/^Event/), '3');
  fill(screen.getByLabelText(/^First name/), 'Ola');
  fill(screen.getByLabelText(/^Last name/), 'Nordmann');
  fill(screen.getByLabelText(/^Email/), 'ola@nordlys.example');
}

const created = () => seen.find((request) => request.method === 'POST');

describe('ExhibitorForm', () => {
  it('creates a new company by name and sends an invitation when no password is set', async () => {
    let saved: { id: number; eventId: number } | null = null;
    renderForm((value) => (saved = value));
    await fillContact();
    fill(screen.getByLabelText(/^Company name/), 'Nordlys Solar AS');
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create exhibitor' }));
    await waitFor(() => expect(saved).toMatchObject({ id: 40, eventId: 3 }));
    expect(created()).toMatchObject({
      url: '/admin/exhibitors',
      body: { eventId: 3, companyName: 'Nordlys Solar AS', firstName: 'Ola', email: 'ola@nordlys.example' },
    });
    expect(created()!.body).not.toHaveProperty('password');
    expect(created()!.body).not.toHaveProperty('companyId');
  });

  it('links an existing company and sets the password given', async () => {
    renderForm();
    await fillContact();
    fireEvent.click(screen.getByLabelText(/A company already in the portal/));
    await screen.findByRole('option', { name: 'Aurora Robotics AS' });
    fill(screen.getByRole('combobox', { name: /^Company/ }), '9');
    fireEvent.click(screen.getByLabelText(/Set a password now/));
    fill(await screen.findByLabelText(/^Password/), 'Nordlys-Welcome-2026');
    fireEvent.click(screen.getByRole('button', { name: 'Create exhibitor' }));
    await waitFor(() => expect(created()).toBeDefined());
    expect(created()!.body).toMatchObject({ companyId: 9, password: 'Nordlys-Welcome-2026' });
    expect(created()!.body).not.toHaveProperty('companyName');
  });

  it('asks for the company and the password that the chosen ways need', async () => {
    renderForm();
    await fillContact();
    fireEvent.click(screen.getByLabelText(/A company already in the portal/));
    fireEvent.click(screen.getByRole('button', { name: 'Create exhibitor' }));
    expect(await screen.findByText('Choose a company')).toBeTruthy();

    fireEvent.click(screen.getByLabelText(/A new company/));
    fill(screen.getByLabelText(/^Company name/), 'Nordlys Solar AS');
    fireEvent.click(screen.getByLabelText(/Set a password now/));
    fill(await screen.findByLabelText(/^Password/), 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Create exhibitor' }));
    expect(await screen.findByText('Use at least 10 characters')).toBeTruthy();
    expect(created()).toBeUndefined();
  });

  it('shows every error on the first submit, the empty company name among them', async () => {
    renderForm();
    await screen.findByRole('option', { name: 'Baltic Food Fair' });
    fill(screen.getByLabelText(/^Email/), 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Create exhibitor' }));
    const invalid = () => screen.getAllByRole('textbox').concat(screen.getAllByRole('combobox'));
    await waitFor(() =>
      expect(
        invalid()
          .filter((input) => input.getAttribute('aria-invalid') === 'true')
          .map((input) => input.id)
          .sort(),
      ).toEqual([
        'exhibitor-company-name',
        'exhibitor-email',
        'exhibitor-event',
        'exhibitor-first-name',
        'exhibitor-last-name',
      ]),
    );
    expect(document.getElementById('exhibitor-event-error')?.textContent).toBe('Choose an event');
    expect(created()).toBeUndefined();
  });
});
