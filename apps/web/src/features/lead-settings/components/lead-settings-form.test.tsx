import type { LeadSettingsWithFields } from '@portal/shared/leads';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { fakeAdapter, type Reply, type SeenRequest } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { LeadsSection } from './leads-section';

const originalAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = originalAdapter;
});

type TestEvent = { id: number; startDate: string | null; endDate: string | null; timezone: string };
const EVENT: TestEvent = { id: 7, startDate: '2027-05-08', endDate: '2027-05-10', timezone: 'Europe/Riga' };

const standard = (key: string, label: string, alwaysReleased = false) => ({
  key,
  label,
  alwaysReleased,
  releasable: true,
  reason: null,
  categoryName: null,
});

function settingsFixture(overrides: Partial<LeadSettingsWithFields> = {}): LeadSettingsWithFields {
  return {
    eventId: EVENT.id,
    releasedFields: [],
    askConsent: false,
    consentWording: null,
    consentVersion: 0,
    retentionDays: 60,
    scanningByDefault: true,
    purgeAt: '2027-07-09T21:00:00.000Z',
    fields: [
      standard('firstName', 'First name', true),
      standard('lastName', 'Last name', true),
      standard('company', 'Company', true),
      standard('email', 'Email'),
      standard('phone', 'Phone'),
      standard('category', 'Badge category'),
      { key: 'field:11', label: 'Amats', alwaysReleased: false, releasable: true, reason: null, categoryName: 'Visitors' },
      {
        key: 'field:12',
        label: 'Passport number',
        alwaysReleased: false,
        releasable: false,
        reason: 'Marked private: never sent to exhibitors',
        categoryName: null,
      },
    ],
    ...overrides,
  };
}

function renderSection(
  settings: LeadSettingsWithFields | Reply,
  answer?: (request: SeenRequest) => Reply | undefined,
  event: TestEvent = EVENT,
) {
  const { adapter, seen } = fakeAdapter((request) => {
    const answered = answer?.(request);
    if (answered) return answered;
    if (request.url === `/admin/events/${EVENT.id}/lead-settings` && request.method === 'GET') {
      return 'status' in settings ? settings : { status: 200, data: { data: settings } };
    }
    if (request.url === `/admin/events/${EVENT.id}/lead-settings` && request.method === 'PUT') {
      const body = request.body as Partial<LeadSettingsWithFields>;
      const current = 'status' in settings ? settingsFixture() : settings;
      const wordingChanged = body.consentWording != null && body.consentWording !== current.consentWording;
      return {
        status: 200,
        data: { data: { ...current, ...body, consentVersion: current.consentVersion + (wordingChanged ? 1 : 0) } },
      };
    }
    return { status: 200, data: { data: [], meta: { page: 1, per_page: 20, total: 0, total_pages: 0 } } };
  });
  api.defaults.adapter = adapter;
  renderRoute('/events/7?tab=leads', [{ path: '/events/:id', element: <LeadsSection event={event} /> }]);
  return seen;
}

const puts = (seen: SeenRequest[]) => seen.filter((request) => request.method === 'PUT');
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save lead settings' }));

describe('the lead settings form', () => {
  it('shows name and company always released, a private field locked with its reason, and nothing to save untouched', async () => {
    renderSection(settingsFixture());
    const firstName = await screen.findByRole('checkbox', { name: /First name/ });
    for (const name of [/First name/, /Last name/, /^Company/]) {
      const box = screen.getByRole('checkbox', { name });
      expect(box.getAttribute('aria-checked')).toBe('true');
      expect(box.hasAttribute('disabled')).toBe(true);
    }
    expect(firstName.getAttribute('aria-describedby')).toBeTruthy();
    const passport = screen.getByRole('checkbox', { name: /Passport number/ });
    expect(passport.hasAttribute('disabled')).toBe(true);
    expect(passport.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('Marked private: never sent to exhibitors')).toBeTruthy();
    expect(screen.getByText('Visitors')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save lead settings' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(new RegExp(`Leads are deleted on ${formatDate('2027-07-10')} at 00:00 \\(Europe/Riga\\)`))).toBeTruthy();
    // No wording box until consent is asked.
    expect(screen.queryByLabelText(/The question visitors see/)).toBeNull();
  });

  it('sends the ticked fields, the consent question, the retention and the default, and says which version visitors now see', async () => {
    const seen = renderSection(settingsFixture({ releasedFields: ['phone', 'field:99'] }));
    fireEvent.click(await screen.findByRole('checkbox', { name: /^Email/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Amats/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^Phone/ }));
    fireEvent.click(screen.getByRole('switch', { name: /Ask visitors for consent/ }));
    expect(screen.getByText('This wording becomes version 1.')).toBeTruthy();
    fill(screen.getByLabelText(/The question visitors see/), '  Piekrītu dalīties ar kontaktinformāciju.  ');
    const days = screen.getByLabelText(/Keep leads for/);
    fill(days, '30');
    expect(screen.getByText(new RegExp(`deleted on ${formatDate('2027-06-10')}`))).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: /Exhibitors scan leads/ }));
    save();
    await waitFor(() => expect(puts(seen)).toHaveLength(1));
    // A stored field that can no longer be released (field:99) is dropped rather than sent back.
    expect(puts(seen)[0]!.body).toEqual({
      releasedFields: ['email', 'field:11'],
      askConsent: true,
      consentWording: 'Piekrītu dalīties ar kontaktinformāciju.',
      retentionDays: 30,
      scanningByDefault: false,
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save lead settings' }).hasAttribute('disabled')).toBe(true));
    expect(screen.getByText(/Now version 1\. A new wording becomes version 2/)).toBeTruthy();
  });

  it('asks for the wording before sending, and keeps the retention to whole days within bounds', async () => {
    const seen = renderSection(settingsFixture());
    fireEvent.click(await screen.findByRole('switch', { name: /Ask visitors for consent/ }));
    save();
    expect(await screen.findByText('Give the question visitors are asked')).toBeTruthy();
    for (const [value, message] of [
      ['0', 'At least 1 day'],
      ['731', 'At most 730 days'],
      ['', 'Give a number of days'],
    ]) {
      fill(screen.getByLabelText(/Keep leads for/), value!);
      save();
      expect(await screen.findByText(message!)).toBeTruthy();
    }
    expect(puts(seen)).toEqual([]);
  });

  it('puts the server’s refusal of a field beside the list', async () => {
    renderSection(settingsFixture(), (request) =>
      request.method === 'PUT'
        ? {
            status: 400,
            data: {
              statusCode: 400,
              error: 'Bad Request',
              message: 'Marked private: never sent to exhibitors',
              details: [{ field: 'releasedFields.0', message: 'Marked private: never sent to exhibitors' }],
            },
          }
        : undefined,
    );
    fireEvent.click(await screen.findByRole('checkbox', { name: /Amats/ }));
    save();
    await waitFor(() => expect(screen.getAllByText('Marked private: never sent to exhibitors')).toHaveLength(2));
  });

  it('shows the wording in force with its version, and undoes unsaved changes', async () => {
    renderSection(settingsFixture({ askConsent: true, consentWording: 'I agree.', consentVersion: 4 }));
    const wording = await screen.findByLabelText(/The question visitors see/);
    expect((wording as HTMLTextAreaElement).value).toBe('I agree.');
    expect(screen.getByText(/Now version 4\. A new wording becomes version 5/)).toBeTruthy();
    fill(wording, 'Something else');
    fireEvent.click(screen.getByRole('button', { name: 'Undo changes' }));
    expect((screen.getByLabelText(/The question visitors see/) as HTMLTextAreaElement).value).toBe('I agree.');
  });

  it('says when the settings cannot be loaded', async () => {
    renderSection({ status: 500, data: { statusCode: 500, error: 'Internal Server Error', message: 'Try later' } });
    expect(await screen.findByText('The lead settings could not be loaded')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save lead settings' })).toBeNull();
  });

  it('counts the retention from the event’s end once it has dates', async () => {
    renderSection(settingsFixture({ purgeAt: null }), undefined, { ...EVENT, startDate: null, endDate: null });
    expect(await screen.findByText('Counted from the day after the event ends, once its dates are set.')).toBeTruthy();
  });
});
