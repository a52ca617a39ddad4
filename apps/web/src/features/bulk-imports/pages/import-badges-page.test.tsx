import type { BulkImportReport } from '@portal/shared/bulk-imports';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { fakeAdapter, type Reply, type SeenRequest } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { ImportBadgesPage } from './import-badges-page';
import { ImportVipBadgesPage } from './import-vip-badges-page';

const originalAdapter = api.defaults.adapter;

const category = (id: number, name: string, badgeType: string) => ({
  id,
  eventId: 1,
  name,
  displayName: null,
  type: 'badge',
  badgeType,
  unitPrice: 0,
  currency: 'EUR',
  isActive: true,
  sortOrder: id,
  description: null,
  createdAt: '2027-01-01T00:00:00.000Z',
  updatedAt: '2027-01-01T00:00:00.000Z',
});

const CATEGORIES = [
  category(4, 'Exhibitor staff', 'exhibitor'),
  category(5, 'Day visitor', 'visitor'),
  category(3, 'Guest of honour', 'vip'),
];

const SUB_ACCOUNT = {
  id: 21,
  name: 'Emil Dahl',
  exhibitorName: 'Lars Eriksen',
  companyName: 'Aurora Robotics AS',
  eventName: 'Nordic Tech Expo 2027',
};

const OVER_CAPACITY: BulkImportReport = {
  step: 'validate',
  kind: 'exhibitor-users',
  fileName: 'staff.csv',
  format: 'csv',
  encoding: 'windows-1252',
  columns: ['First name', 'Last name', 'Email', 'Diet'],
  warnings: [{ row: 4, column: 'Last name', message: 'A character could not be read and shows as �' }],
  totalRows: 5,
  invalidRows: 2,
  created: 3,
  updated: 0,
  unchanged: 0,
  capacity: { badgeCategoryId: 4, needed: 5, available: 3 },
  imported: false,
  rows: [
    { row: 2, action: 'create', errors: [] },
    { row: 3, action: 'create', errors: [] },
    { row: 4, action: 'create', errors: [] },
    {
      row: 5,
      action: null,
      errors: [{ column: null, message: 'No place left in the allocation' }],
      values: { 'First name': 'Åsa', 'Last name': 'Lindqvist', Email: 'asa@aurora.example', Diet: 'vegan' },
    },
    {
      row: 6,
      action: null,
      errors: [
        { column: null, message: 'No place left in the allocation' },
        { column: 'Diet', message: 'Choose one of: vegetarian, none' },
      ],
      values: { 'First name': 'José', 'Last name': 'Núñez', Email: 'jose@aurora.example', Diet: 'vegan' },
    },
  ],
};

afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

function serve(onUpload: (request: SeenRequest) => Reply) {
  const fake = fakeAdapter((request) => {
    if (request.url === '/admin/badge-categories/event/1') return { status: 200, data: { data: CATEGORIES } };
    if (request.url === '/admin/sub-accounts/21') return { status: 200, data: { data: SUB_ACCOUNT } };
    return onUpload(request);
  });
  api.defaults.adapter = fake.adapter;
  return fake.seen;
}

function chooseFile(name: string) {
  fireEvent.change(screen.getByLabelText('Your file'), {
    target: { files: [new File(['First name;Last name\n'], name, { type: 'text/csv' })] },
  });
}

describe('…/subaccount/:subAccountId/exhibitor-users/bulk-import', () => {
  it('asks for a category, then sends the sub-account’s scope with the file and shows the places it lacks', async () => {
    startSession({ admin: demo.eventAdmin().user, token: 't', refreshToken: 'r' });
    const seen = serve(() => ({ status: 200, data: OVER_CAPACITY }));
    renderRoute('/events/1/exhibitor/8/subaccount/21/exhibitor-users/bulk-import', [
      {
        path: '/events/:eventId/exhibitor/:exhibitorId/subaccount/:subAccountId/exhibitor-users/bulk-import',
        element: <ImportBadgesPage />,
      },
    ]);

    const chooser = (await screen.findByRole('combobox', { name: 'Badge category' })) as HTMLSelectElement;
    // VIP categories have a screen of their own.
    expect([...chooser.options].map((option) => option.text)).toEqual([
      'Choose a category',
      'Exhibitor staff',
      'Day visitor',
    ]);
    expect(screen.getByRole('button', { name: 'Download template' })).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Your file')).toHaveProperty('disabled', true);
    expect(screen.getAllByText('Choose the badge category first.')).not.toHaveLength(0);
    expect((await screen.findByText('Emil Dahl', { exact: false })).parentElement!.textContent).toBe(
      'Into Emil Dahl, sub-account of Aurora Robotics AS at Nordic Tech Expo 2027',
    );
    expect(screen.getByRole('link', { name: 'Sub-account' }).getAttribute('href')).toBe(
      '/events/1/exhibitor/8/subaccount/21',
    );

    fill(chooser, '4');
    await waitFor(() => expect(screen.getByLabelText('Your file')).toHaveProperty('disabled', false));
    chooseFile('staff.csv');
    await screen.findByRole('heading', { name: 'Check of staff.csv' });

    const form = seen.find((request) => request.method === 'POST')!.body as FormData;
    expect(Object.fromEntries([...form.entries()].filter(([name]) => name !== 'file'))).toEqual({
      step: 'validate',
      eventId: '1',
      exhibitorId: '8',
      adminId: '21',
      badgeCategoryId: '4',
    });
    expect(screen.getByText('Read staff.csv as CSV in Windows-1252 (Western European).')).toBeTruthy();
    expect(screen.getByText(/Places needed: 5 of 3 left in the allocation/).textContent).toContain(
      'Remove 2 rows or ask for more places first.',
    );
    expect(screen.getByText(/A character could not be read/).textContent).toBe(
      'Row 4, column Last name: A character could not be read and shows as �',
    );
    const table = screen.getByRole('table', { name: 'Rows with problems (2)' });
    const josé = within(table).getByText('José').closest('tr')!;
    expect(within(josé).getByText('vegan').closest('td')!.textContent).toBe(
      'veganProblem: Choose one of: vegetarian, none',
    );
    expect(within(josé).getByText('No place left in the allocation')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import 5 rows' })).toHaveProperty('disabled', true);
  });
});

describe('emailing the imported badges', () => {
  const CLEAN: BulkImportReport = { ...OVER_CAPACITY, invalidRows: 0, rows: [], capacity: null, created: 5 };

  async function checkAndImport(untick: boolean) {
    startSession({ admin: demo.eventAdmin().user, token: 't', refreshToken: 'r' });
    const seen = serve((request) => ({
      status: 200,
      data: { ...CLEAN, step: (request.body as FormData).get('step'), imported: (request.body as FormData).get('step') === 'import' },
    }));
    renderRoute('/events/1/vip-users/bulk-upload', [
      { path: '/events/:eventId/vip-users/bulk-upload', element: <ImportVipBadgesPage /> },
    ]);
    await waitFor(() => expect(screen.getByLabelText('Your file')).toHaveProperty('disabled', false));
    chooseFile('guests.csv');
    const box = (await screen.findByLabelText('Email each new badge to its holder')) as HTMLInputElement;
    expect(box.checked).toBe(true);
    if (untick) fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Import 5 rows' }));
    await screen.findByText('Imported 5 rows');
    const forms = seen.filter((request) => request.method === 'POST').map((request) => request.body as FormData);
    return { check: forms[0]!, load: forms[1]! };
  }

  it('asks the import, not the check, to email each new badge, ticked by default', async () => {
    const { check, load } = await checkAndImport(false);
    expect(check.get('sendConfirmation')).toBeNull();
    expect(load.get('step')).toBe('import');
    expect(load.get('sendConfirmation')).toBe('true');
  });

  it('imports without mails once unticked', async () => {
    const { load } = await checkAndImport(true);
    expect(load.get('sendConfirmation')).toBe('false');
  });
});

describe('/events/:eventId/vip-users/bulk-upload', () => {
  it('takes the event’s only VIP category and sends the rows as VIP badges', async () => {
    startSession({ admin: demo.eventAdmin().user, token: 't', refreshToken: 'r' });
    const seen = serve(() => ({
      status: 200,
      data: { ...OVER_CAPACITY, fileName: 'guests.csv', invalidRows: 0, rows: [], capacity: null },
    }));
    renderRoute('/events/1/vip-users/bulk-upload', [
      { path: '/events/:eventId/vip-users/bulk-upload', element: <ImportVipBadgesPage /> },
    ]);
    const chooser = (await screen.findByRole('combobox', { name: 'Badge category' })) as HTMLSelectElement;
    expect(chooser.value).toBe('3');
    // The organiser's own event: named without a call.
    expect(screen.getByText('Nordic Tech Expo 2027').parentElement!.textContent).toBe('Into Nordic Tech Expo 2027');
    expect(screen.getByRole('link', { name: 'Badges' }).getAttribute('href')).toBe('/users/3');

    await waitFor(() => expect(screen.getByLabelText('Your file')).toHaveProperty('disabled', false));
    chooseFile('guests.csv');
    await screen.findByRole('heading', { name: 'Check of guests.csv' });
    const form = seen.find((request) => request.method === 'POST')!.body as FormData;
    expect(form.get('type')).toBe('vip');
    expect(form.get('badgeCategoryId')).toBe('3');
    expect(form.get('exhibitorId')).toBeNull();
  });

  it('says so when the event has no VIP category', async () => {
    startSession({ admin: demo.eventAdmin().user, token: 't', refreshToken: 'r' });
    api.defaults.adapter = fakeAdapter(() => ({ status: 200, data: { data: CATEGORIES.slice(0, 2) } })).adapter;
    renderRoute('/events/1/vip-users/bulk-upload', [
      { path: '/events/:eventId/vip-users/bulk-upload', element: <ImportVipBadgesPage /> },
    ]);
    expect((await screen.findByRole('alert')).textContent).toBe('This event has no VIP badge category yet.');
    expect(screen.getByRole('button', { name: 'Download template' })).toHaveProperty('disabled', true);
  });
});
