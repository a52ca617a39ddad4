import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { fakeAdapter, type Reply, type SeenRequest } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { ImportCustomFieldsPage } from './import-custom-fields-page';

const originalAdapter = api.defaults.adapter;

afterEach(() => {
  api.defaults.adapter = originalAdapter;
});

const EXPORT = {
  format: 'exhibitor-portal.custom-fields',
  version: 1,
  exportedAt: '2027-03-01T10:00:00.000Z',
  event: { name: 'Nordic Tech Expo 2027' },
  categories: [
    { ref: 'category-1', name: 'Exhibitor Staff', badgeType: 'exhibitor' },
    { ref: 'category-2', name: 'Press', badgeType: 'visitor' },
  ],
  fields: [
    {
      categoryRef: 'category-1',
      entityType: 'badge',
      label: 'Diet',
      key: 'diet',
      type: 'select',
      options: [{ value: 'veg', label: 'Vegetarian' }],
      required: false,
      isActive: true,
      sortOrder: 0,
      helpText: null,
      validation: {},
    },
  ],
};

const TARGET_CATEGORIES = [
  { id: 11, name: 'Visitors', type: 'badge', badgeType: 'visitor' },
  { id: 12, name: 'exhibitor staff', type: 'badge', badgeType: 'exhibitor' },
];

const PREVIEW = {
  created: 1,
  updated: 0,
  skipped: 0,
  fields: [
    {
      index: 0,
      key: 'diet',
      label: 'Diet',
      categoryRef: 'category-1',
      badgeCategoryId: 12,
      action: 'create',
      reason: null,
      customFieldId: null,
    },
  ],
};

/** Answers the page's reads; `onImport` answers the preview and the import. */
function serve(onImport: (request: SeenRequest) => Reply) {
  const fake = fakeAdapter((request) => {
    if (request.url === '/events') {
      return { status: 200, data: { data: [{ id: 2, name: 'Baltic Build 2028' }], meta: {} } };
    }
    if (request.url === '/admin/badge-categories/event/2') return { status: 200, data: { data: TARGET_CATEGORIES } };
    return onImport(request);
  });
  api.defaults.adapter = fake.adapter;
  return fake.seen;
}

function renderPage() {
  renderRoute('/custom-fields/import?eventId=2', [
    { path: '/custom-fields/import', element: <ImportCustomFieldsPage /> },
  ]);
}

function chooseFile(content: string, name = 'custom-fields-2027-03-01.json') {
  fireEvent.change(screen.getByLabelText('Export file'), {
    target: { files: [new File([content], name, { type: 'application/json' })] },
  });
}

const badRequest = (message: string, details: { field: string; message: string }[]): Reply => ({
  status: 400,
  data: { statusCode: 400, error: 'Bad Request', message, details },
});

describe('/custom-fields/import', () => {
  it('maps each category of the file to the one of the same name, else leaves it out', async () => {
    const seen = serve(() => ({ status: 200, data: { data: PREVIEW } }));
    renderPage();
    chooseFile(JSON.stringify(EXPORT));

    const staff = (await screen.findByRole('combobox', { name: 'Exhibitor Staff' })) as HTMLSelectElement;
    await waitFor(() => expect(staff.value).toBe('12'));
    const press = screen.getByRole('combobox', { name: 'Press' }) as HTMLSelectElement;
    expect(press.value).toBe('');
    expect(press.selectedOptions[0]!.text).toBe('Leave out');
    expect(screen.getByRole('button', { name: 'Import' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByText('diet');
    const preview = seen.find((request) => request.url === '/custom-fields/import/preview');
    expect(preview?.body).toEqual({
      eventId: 2,
      document: EXPORT,
      categoryMapping: { 'category-1': 12, 'category-2': null },
      onConflict: 'skip',
    });
    expect(screen.getByText('Create')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Import' })).toHaveProperty('disabled', false));

    // Another choice needs another preview before importing.
    fill(press, '11');
    expect(screen.getByRole('button', { name: 'Import' })).toHaveProperty('disabled', true);
  });

  it('refuses a file that is not JSON before any call', async () => {
    const seen = serve(() => ({ status: 200, data: { data: PREVIEW } }));
    renderPage();
    chooseFile('label;key\nDiet;diet\n', 'fields.csv');
    expect((await screen.findByRole('alert')).textContent).toContain('The file is not JSON');
    expect(screen.getByRole('button', { name: 'Preview' })).toHaveProperty('disabled', true);
    expect(seen.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('shows a newer version, and a damaged file’s problems by path, at the file', async () => {
    const newer = 'The file was exported by a newer version of the portal (format 2); this one reads format 1';
    const replies = [
      badRequest(newer, [{ field: 'document.version', message: newer }]),
      badRequest('The file is damaged: document.fields.0.type: Invalid option', [
        { field: 'document.fields.0.type', message: 'Invalid option' },
        { field: 'document.fields.0.key', message: 'Use lower-case letters' },
      ]),
    ];
    serve(() => replies.shift()!);
    renderPage();
    chooseFile(JSON.stringify(EXPORT));
    const preview = screen.getByRole('button', { name: 'Preview' });
    await waitFor(() => expect(preview).toHaveProperty('disabled', false));

    fireEvent.click(preview);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(newer);
    expect(alert.id).toBe('import-file-error');
    expect(screen.getByLabelText('Export file').getAttribute('aria-describedby')).toContain('import-file-error');

    fireEvent.click(preview);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('The file is damaged'));
    const problems = within(screen.getByRole('alert')).getAllByRole('listitem');
    expect(problems.map((item) => item.textContent)).toEqual([
      'fields.0.type Invalid option',
      'fields.0.key Use lower-case letters',
    ]);
    expect(screen.getByRole('button', { name: 'Import' })).toHaveProperty('disabled', true);
  });

  it('shows a refused category choice at that category', async () => {
    serve(() =>
      badRequest('Choose a badge category of this event', [
        { field: 'categoryMapping.category-2', message: 'Choose a badge category of this event' },
      ]),
    );
    renderPage();
    chooseFile(JSON.stringify(EXPORT));
    const press = (await screen.findByRole('combobox', { name: 'Press' })) as HTMLSelectElement;
    await waitFor(() => expect(screen.getByRole('button', { name: 'Preview' })).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));

    await waitFor(() => expect(press.getAttribute('aria-invalid')).toBe('true'));
    const description = document.getElementById(press.getAttribute('aria-describedby')!.split(' ').pop()!);
    expect(description?.textContent).toBe('Choose a badge category of this event');
    expect(screen.getByRole('combobox', { name: 'Exhibitor Staff' }).getAttribute('aria-invalid')).toBe('false');
  });
});
