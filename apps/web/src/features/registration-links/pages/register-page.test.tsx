import { fireEvent, screen } from '@testing-library/react';
import { REGISTRATION_MESSAGES } from '@portal/shared/registration-links';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, getSession } from '@/lib/session';
import { fakeAdapter, type Reply } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { RegisterPage } from './register-page';

const LINK = 'k3Zq8WmP2xYt7RvN4cLd9HsA';
const EVENT = {
  name: 'Baltic Food Fair',
  startDate: '2027-05-08',
  endDate: '2027-05-10',
  venue: 'Expo Hall',
  city: 'Riga',
  country: 'Latvia',
};
const originalAdapter = api.defaults.adapter;

afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

function open(answer: (url: string) => Reply) {
  const fake = fakeAdapter((request) => answer(request.url));
  api.defaults.adapter = fake.adapter;
  renderRoute(`/register/${LINK}`, [
    { path: '/register/:generatedLinkId', element: <RegisterPage /> },
    { path: '/login', element: <h1>Sign in</h1> },
  ]);
  return fake.seen;
}

const gone = (message: string): Reply => ({ status: 410, data: { statusCode: 410, error: 'Gone', message } });

describe('RegisterPage', () => {
  it('shows the event’s fixed information, registers and asks to check the email, signing nobody in', async () => {
    const seen = open((url) => {
      if (url === `/registration-links/${LINK}`)
        return { status: 200, data: { data: { id: LINK, kind: 'exhibitor', event: EVENT } } };
      return { status: 202, data: { data: { email: 'ola@nordlys.example', eventName: EVENT.name } } };
    });
    expect(await screen.findByRole('heading', { name: 'Baltic Food Fair' })).toBeTruthy();
    expect(screen.getByText('Expo Hall, Riga, Latvia')).toBeTruthy();
    expect(screen.getByText('Powered by Exhibitor Portal')).toBeTruthy();
    expect(screen.queryByLabelText(/^Password/)).toBeNull();

    fill(screen.getByLabelText(/^Company name/), 'Nordlys Solar AS');
    fill(screen.getByLabelText(/^First name/), 'Ola');
    fill(screen.getByLabelText(/^Last name/), 'Nordmann');
    fill(screen.getByLabelText(/^Email/), 'ola@nordlys.example');
    fireEvent.click(screen.getByRole('button', { name: 'Register company' }));

    const status = (await screen.findByText('Check your email')).closest('[role="status"]')!;
    expect(status).toBeTruthy();
    expect(status.textContent).toContain('We sent ola@nordlys.example a message with the next step');
    expect(screen.queryByRole('button', { name: 'Register company' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to sign-in' }).getAttribute('href')).toBe('/login');
    expect(seen.map((request) => request.url)).toEqual([`/registration-links/${LINK}`, `/admin/registration-links/${LINK}/create`]);
    expect(seen[1]!.body).toEqual({
      companyName: 'Nordlys Solar AS',
      firstName: 'Ola',
      lastName: 'Nordmann',
      email: 'ola@nordlys.example',
      phone: null,
      website: null,
    });
    expect(getSession()).toBeNull();
  });

  it('says so when the link does not exist', async () => {
    open(() => ({ status: 404, data: { statusCode: 404, error: 'Not Found', message: 'Not found' } }));
    expect(await screen.findByText('This registration link does not exist')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Register company' })).toBeNull();
  });

  it('gives the server’s reason when the link has expired or is used up', async () => {
    open(() => gone(REGISTRATION_MESSAGES.usedUp));
    expect(await screen.findByText('Registration is closed')).toBeTruthy();
    expect(screen.getByText(new RegExp(REGISTRATION_MESSAGES.usedUp))).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Register company' })).toBeNull();
  });

  it('shows a badge link as not available yet', async () => {
    open(() => ({ status: 200, data: { data: { id: LINK, kind: 'badge', event: EVENT } } }));
    expect(await screen.findByText('Badge registration is not available yet')).toBeTruthy();
  });

  it('keeps the form and says why when the link is used up while registering', async () => {
    open((url) =>
      url.endsWith('/create')
        ? gone(REGISTRATION_MESSAGES.usedUp)
        : { status: 200, data: { data: { id: LINK, kind: 'exhibitor', event: EVENT } } },
    );
    await screen.findByRole('heading', { name: 'Baltic Food Fair' });
    fill(screen.getByLabelText(/^Company name/), 'Nordlys Solar AS');
    fill(screen.getByLabelText(/^First name/), 'Ola');
    fill(screen.getByLabelText(/^Last name/), 'Nordmann');
    fill(screen.getByLabelText(/^Email/), 'ola@nordlys.example');
    fireEvent.click(screen.getByRole('button', { name: 'Register company' }));
    expect((await screen.findByRole('alert')).textContent).toContain(REGISTRATION_MESSAGES.usedUp);
    expect(getSession()).toBeNull();
  });
});
