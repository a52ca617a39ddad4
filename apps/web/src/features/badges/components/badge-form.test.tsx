import type { CustomField } from '@portal/shared/custom-fields';
import type { LeadConsentQuestion } from '@portal/shared/leads';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { fakeAdapter, type Reply, type SeenRequest } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { BadgeForm } from './badge-form';

const originalAdapter = api.defaults.adapter;
let seen: SeenRequest[];
let answer: Reply;

function field(id: number, key: string, overrides: Partial<CustomField> = {}): CustomField {
  return {
    id,
    eventId: 1,
    badgeCategoryId: 4,
    badgeCategoryName: 'Exhibitor staff',
    entityType: 'badge',
    exhibitorId: null,
    label: key.replace('_', ' '),
    key,
    type: 'text',
    options: [],
    required: false,
    isActive: true,
    isPrivate: false,
    sortOrder: id,
    helpText: null,
    validation: {},
    answerCount: 0,
    createdAt: '2027-01-01T00:00:00.000Z',
    updatedAt: '2027-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const FIELDS = [field(11, 'job_title', { required: true }), field(12, 'passport', { type: 'file' })];

beforeEach(() => {
  const { user } = demo.exhibitor();
  startSession({ admin: user, token: 't', refreshToken: 'r' });
  const fake = fakeAdapter(() => answer);
  seen = fake.seen;
  api.defaults.adapter = fake.adapter;
});

afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

function renderForm(consent: LeadConsentQuestion | null = null) {
  renderRoute('/users/4/create', [
    {
      path: '/users/4/create',
      element: <BadgeForm badge={null} badgeCategoryId={4} fields={FIELDS} consent={consent} cancelTo="/users/4" onSaved={() => {}} />,
    },
  ]);
  fill(screen.getByLabelText(/^First name/), 'Ola');
  fill(screen.getByLabelText(/^Last name/), 'Nordmann');
  fill(screen.getByRole('textbox', { name: /^Email/ }), 'ola@nordlys.example');
}

describe('BadgeForm', () => {
  it('puts the server’s customFieldValues.<key> errors on their fields', async () => {
    answer = {
      status: 400,
      data: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Validation failed',
        details: [
          { field: 'customFieldValues.job_title', message: 'Not in the expected format' },
          { field: 'email', message: 'Enter a valid email address' },
        ],
      },
    };
    renderForm();
    fill(screen.getByLabelText(/^job title/), 'pilot');
    fireEvent.click(screen.getByRole('button', { name: 'Register badge' }));
    const jobTitle = screen.getByLabelText(/^job title/);
    await waitFor(() => expect(jobTitle.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Not in the expected format')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    expect(seen[0]!.body).toMatchObject({
      badgeCategoryId: 4,
      customFieldValues: [{ customFieldId: 11, value: 'pilot' }],
    });
  });

  it('checks the answers before sending, then sends a file as its own customField[id] part', async () => {
    answer = { status: 201, data: { data: { id: 90 } } };
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Register badge' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(seen).toHaveLength(0);
    fill(screen.getByLabelText(/^job title/), 'Engineer');
    const pdf = new File(['%PDF-1.7'], 'passport.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText(/^passport/), { target: { files: [pdf] } });
    fireEvent.click(screen.getByRole('button', { name: 'Register badge' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    const form = seen[0]!.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect((form.get('customField[12]') as File).name).toBe('passport.pdf');
    expect(JSON.parse(form.get('customFieldValues') as string)).toEqual([{ customFieldId: 11, value: 'Engineer' }]);
  });

  it('emails the badge to the holder unless the box is unticked', async () => {
    answer = { status: 201, data: { data: { id: 90 } } };
    renderForm();
    fill(screen.getByLabelText(/^job title/), 'Engineer');
    const box = screen.getByLabelText('Email the badge to the holder') as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Register badge' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.body).toMatchObject({ sendConfirmation: true });
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Register badge' }));
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1]!.body).toMatchObject({ sendConfirmation: false });
  });

  it('asks the event’s consent question when it has one and sends the answer, and sends none otherwise', async () => {
    answer = { status: 201, data: { data: { id: 90 } } };
    renderForm({ wording: 'Piekrītu dalīties ar kontaktinformāciju.', version: 3 });
    fill(screen.getByLabelText(/^job title/), 'Engineer');
    const box = screen.getByRole('checkbox', { name: /Piekrītu dalīties/ });
    expect(box.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Register badge' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.body).toMatchObject({ leadConsent: false });
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Register badge' }));
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1]!.body).toMatchObject({ leadConsent: true });
  });

  it('leaves consent out where the event asks none', async () => {
    answer = { status: 201, data: { data: { id: 90 } } };
    renderForm(null);
    fill(screen.getByLabelText(/^job title/), 'Engineer');
    expect(screen.queryByText(/Tick only if the holder agreed/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Register badge' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.body).not.toHaveProperty('leadConsent');
  });

  it('shows an exhausted allocation on the form', async () => {
    answer = {
      status: 422,
      data: { statusCode: 422, error: 'Unprocessable Entity', message: 'Allocation exhausted for Exhibitor staff' },
    };
    renderForm();
    fill(screen.getByLabelText(/^job title/), 'Engineer');
    fireEvent.click(screen.getByRole('button', { name: 'Register badge' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Allocation exhausted for Exhibitor staff');
  });
});
