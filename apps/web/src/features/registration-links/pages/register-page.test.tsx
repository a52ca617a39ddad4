import { fireEvent, screen, waitFor } from '@testing-library/react';
import { REGISTRATION_MESSAGES } from '@portal/shared/registration-links';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, getSession } from '@/lib/session';
import { fakeAdapter, type Reply } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
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
    { path: '/welcome', element: <h1>Welcome page</h1> },
    { path: '/login', element: <h1>Sign in</h1> },
  ]);
  return fake.seen;
}

const gone = (message: string): Reply => ({ status: 410, data: { statusCode: 410, error: 'Gone', message } });

describe('RegisterPage', () => {
  it('shows the event’s fixed information and registers, signs in and lands on /welcome', async () => {
    const { user } = demo.exhibitor();
    const seen = open((url) => {
      if (url === `/registration-links/${LINK}`)
        return { status: 200, data: { data: { id: LINK, kind: 'exhibitor', event: EVENT } } };
      if (url.endsWith('/create')) return { status: 201, data: { data: { id: 40 } } };
      return { status: 200, data: { admin: user, token: 'access', refreshToken: 'refresh' } };
    });
    expect(await screen.findByRole('heading', { name: 'Baltic Food Fair' })).toBeTruthy();
    expect(screen.getByText('Expo Hall, Riga, Latvia')).toBeTruthy();
    expect(screen.getByText('Powered by Exhibitor Portal')).toBeTruthy();

    fill(screen.getByLabelText(/^Company name/), 'Nordlys Solar AS');
    fill(screen.getByLabelText(/^First name/), 'Ola');
    fill(screen.getByLabelText(/^Last name/), 'Nordmann');
    fill(screen.getByLabelText(/^Email/), 'ola@nordlys.example');
    fill(screen.getByLabelText(/^Password/), 'Nordlys-Welcome-2026');
    fireEvent.click(screen.getByRole('button', { name: 'Register company' }));

    expect(await screen.findByRole('heading', { name: 'Welcome page' })).toBeTruthy();
    expect(seen.map((request) => request.url)).toEqual([
      `/registration-links/${LINK}`,
      `/admin/registration-links/${LINK}/create`,
      '/admin/auth/login',
    ]);
    expect(seen[1]!.body).toMatchObject({ companyName: 'Nordlys Solar AS', phone: null, website: null });
    expect(seen[2]!.body).toEqual({ email: 'ola@nordlys.example', password: 'Nordlys-Welcome-2026' });
    await waitFor(() => expect(getSession()?.type).toBe('exhibitor'));
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
    fill(screen.getByLabelText(/^Password/), 'Nordlys-Welcome-2026');
    fireEvent.click(screen.getByRole('button', { name: 'Register company' }));
    expect((await screen.findByRole('alert')).textContent).toContain(REGISTRATION_MESSAGES.usedUp);
    expect(getSession()).toBeNull();
  });
});
