import { cleanup, fireEvent, screen } from '@testing-library/react';
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
        return {
          status: 200,
          data: { data: { id: LINK, kind: 'exhibitor', event: EVENT, category: null, customFields: [], email: null } },
        };
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
    expect(seen.map((request) => request.url)).toEqual([
      `/registration-links/${LINK}`,
      `/admin/registration-links/${LINK}/create`,
    ]);
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

  it('renders a badge link’s form from its custom fields, shows the server’s field errors inline, then the confirmation', async () => {
    const field = { options: [], required: true, helpText: null, validation: {}, sortOrder: 0 };
    const badgeLink = {
      id: LINK,
      kind: 'badge',
      event: EVENT,
      category: { id: 4, name: 'Visitor', badgeType: 'visitor' },
      customFields: [
        { ...field, id: 11, label: 'Job title', key: 'job_title', type: 'text' },
        { ...field, id: 12, label: 'Photo', key: 'photo', type: 'file', required: false },
      ],
      email: 'liga@guest.example',
      leadConsent: null,
    };
    let attempts = 0;
    const seen = open((url) => {
      if (url === `/registration-links/${LINK}`) return { status: 200, data: { data: badgeLink } };
      attempts += 1;
      if (attempts === 1) {
        const message = 'At most 20 characters';
        return {
          status: 400,
          data: {
            statusCode: 400,
            error: 'Bad Request',
            message,
            details: [{ field: 'customFieldValues.job_title', message }],
          },
        };
      }
      return {
        status: 201,
        data: { data: { email: 'liga@guest.example', eventName: EVENT.name, badgeCategory: 'Visitor' } },
      };
    });
    expect(await screen.findByText('Visitor badge for Baltic Food Fair. We email you the badge code.')).toBeTruthy();
    expect(screen.getByText('Badge registration')).toBeTruthy();
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByLabelText(/^Photo/)).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    fill(screen.getByLabelText(/^First name/), 'Līga');
    fill(screen.getByLabelText(/^Last name/), 'Ozola');
    fireEvent.click(screen.getByRole('button', { name: 'Register badge' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    fill(screen.getByLabelText(/^Job title/), 'Head of purchasing at a very large company');
    fireEvent.click(screen.getByRole('button', { name: 'Register badge' }));
    expect(await screen.findByText('At most 20 characters')).toBeTruthy();
    fill(screen.getByLabelText(/^Job title/), 'Buyer');
    fireEvent.click(screen.getByRole('button', { name: 'Register badge' }));
    const status = (await screen.findByText('Your badge is registered')).closest('[role="status"]')!;
    expect(status.textContent).toContain('We sent liga@guest.example a confirmation with your badge code');
    expect(seen.at(-1)!.url).toBe(`/admin/registration-links/${LINK}/create-user`);
    expect(seen.at(-1)!.body).toEqual({
      firstName: 'Līga',
      lastName: 'Ozola',
      email: 'liga@guest.example',
      phone: null,
      customFieldValues: [{ customFieldId: 11, value: 'Buyer' }],
    });
  });

  it('asks for consent to share contact details in the organiser’s words, unticked and optional, where the event asks', async () => {
    const wording = 'Piekrītu, ka izstādes dalībnieki, kuri skenē manu žetonu, saņem manu kontaktinformāciju.';
    for (const tick of [false, true]) {
      cleanup();
      const seen = open((url) =>
        url === `/registration-links/${LINK}`
          ? {
              status: 200,
              data: {
                data: {
                  id: LINK,
                  kind: 'badge',
                  event: EVENT,
                  category: { id: 4, name: 'Visitor', badgeType: 'visitor' },
                  customFields: [],
                  email: null,
                  leadConsent: { wording, version: 2 },
                },
              },
            }
          : { status: 201, data: { data: { email: 'janis@guest.example', eventName: EVENT.name, badgeCategory: 'Visitor' } } },
      );
      const consent = await screen.findByRole('checkbox', { name: wording });
      expect(consent.getAttribute('aria-checked')).toBe('false');
      fill(screen.getByLabelText(/^First name/), 'Jānis');
      fill(screen.getByLabelText(/^Last name/), 'Bērziņš');
      fill(screen.getByLabelText(/^Email/), 'janis@guest.example');
      if (tick) fireEvent.click(consent);
      fireEvent.click(screen.getByRole('button', { name: 'Register badge' }));
      await screen.findByText('Your badge is registered');
      expect(seen.at(-1)!.body).toMatchObject({ email: 'janis@guest.example', leadConsent: tick });
    }
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
