import type { CustomField } from '@portal/shared/custom-fields';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { fakeAdapter } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { CustomFieldForm } from './custom-field-form';

const originalAdapter = api.defaults.adapter;

afterEach(() => {
  api.defaults.adapter = originalAdapter;
});

function renderForm() {
  return renderRoute('/custom-fields/create', [
    {
      path: '/custom-fields/create',
      element: (
        <CustomFieldForm
          field={null}
          eventId={1}
          events={[]}
          categories={[]}
          cancelTo="/custom-fields"
          onSaved={() => {}}
        />
      ),
    },
  ]);
}

describe('CustomFieldForm', () => {
  it('marks a badge field private, and sends the flag', async () => {
    const { adapter, seen } = fakeAdapter(() => ({ status: 201, data: { data: { id: 9 } } }));
    api.defaults.adapter = adapter;
    renderForm();
    fill(screen.getByRole('textbox', { name: 'Label' }), 'Passport number');
    const flag = screen.getByRole('checkbox', { name: 'Private — never shared with exhibitors who scan this badge' });
    expect((flag as HTMLInputElement).checked).toBe(false);
    fireEvent.click(flag);
    fireEvent.click(screen.getByRole('button', { name: 'Create field' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.body).toMatchObject({ label: 'Passport number', isPrivate: true, entityType: 'badge' });
  });

  it('shows a private field’s flag ticked, and keeps it through an edit', async () => {
    const { adapter, seen } = fakeAdapter(() => ({ status: 200, data: { data: { id: 9 } } }));
    api.defaults.adapter = adapter;
    const field: CustomField = {
      id: 9,
      eventId: 1,
      badgeCategoryId: null,
      badgeCategoryName: null,
      entityType: 'badge',
      exhibitorId: null,
      label: 'Date of birth',
      key: 'date_of_birth',
      type: 'date',
      options: [],
      required: false,
      isActive: true,
      isPrivate: true,
      sortOrder: 0,
      helpText: null,
      validation: {},
      answerCount: 3,
      createdAt: '2027-01-01T00:00:00.000Z',
      updatedAt: '2027-01-01T00:00:00.000Z',
    };
    renderRoute('/custom-fields/9/edit', [
      {
        path: '/custom-fields/9/edit',
        element: <CustomFieldForm field={field} eventId={1} events={[]} categories={[]} cancelTo="/custom-fields" onSaved={() => {}} />,
      },
    ]);
    expect((screen.getByRole('checkbox', { name: /^Private/ }) as HTMLInputElement).checked).toBe(true);
    fill(screen.getByRole('textbox', { name: 'Label' }), 'Birth date');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toMatchObject({ method: 'PUT', url: '/custom-fields/9', body: { label: 'Birth date', isPrivate: true } });
  });

  it('previews the field as the badge form will show it, and sends its definition', async () => {
    const { adapter, seen } = fakeAdapter(() => ({ status: 201, data: { data: { id: 9 } } }));
    api.defaults.adapter = adapter;
    renderForm();

    fill(screen.getByRole('textbox', { name: 'Label' }), 'Diet');
    fill(screen.getByRole('combobox', { name: 'Type' }), 'select');
    fireEvent.click(screen.getByRole('button', { name: 'Add option' }));
    fill(await screen.findByRole('textbox', { name: 'Value of option 1' }), 'veg');
    fill(screen.getByRole('textbox', { name: 'Label of option 1' }), 'Vegetarian');

    const preview = await screen.findByRole('combobox', { name: 'Diet' });
    expect([...(preview as HTMLSelectElement).options].map((option) => option.text)).toContain('Vegetarian');

    fireEvent.click(screen.getByRole('button', { name: 'Create field' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/custom-fields',
      body: {
        eventId: 1,
        badgeCategoryId: null,
        label: 'Diet',
        type: 'select',
        options: [{ value: 'veg', label: 'Vegetarian' }],
      },
    });
  });

  it('refuses a choice field without options before sending', async () => {
    const { adapter, seen } = fakeAdapter(() => ({ status: 201, data: { data: { id: 9 } } }));
    api.defaults.adapter = adapter;
    renderForm();
    fill(screen.getByRole('textbox', { name: 'Label' }), 'Diet');
    fill(screen.getByRole('combobox', { name: 'Type' }), 'radio');
    fireEvent.click(screen.getByRole('button', { name: 'Create field' }));
    await screen.findByRole('alert');
    expect(seen).toEqual([]);
  });

  it('sets a file field’s largest size in MB and its allowed types, and the preview follows', async () => {
    const { adapter, seen } = fakeAdapter(() => ({ status: 201, data: { data: { id: 9 } } }));
    api.defaults.adapter = adapter;
    renderForm();
    fill(screen.getByRole('textbox', { name: 'Label' }), 'Company logo');
    fill(screen.getByRole('combobox', { name: 'Type' }), 'file');
    fill(await screen.findByRole('textbox', { name: 'Largest file (MB)' }), '2.5');
    fireEvent.click(screen.getByRole('checkbox', { name: 'PNG image' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'PDF' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Company logo').getAttribute('accept')).toBe('application/pdf,image/png'),
    );
    // The editor's unit and the answer's limit read alike.
    screen.getByText(/at most 2.5 MB/);

    fireEvent.click(screen.getByRole('button', { name: 'Create field' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect((seen[0]!.body as { validation: unknown }).validation).toEqual({
      maxFileSizeBytes: 2.5 * 1024 * 1024,
      allowedMimeTypes: ['application/pdf', 'image/png'],
    });
  });

  it('refuses a file size above 10 MB before sending', async () => {
    const { adapter, seen } = fakeAdapter(() => ({ status: 201, data: { data: { id: 9 } } }));
    api.defaults.adapter = adapter;
    renderForm();
    fill(screen.getByRole('textbox', { name: 'Label' }), 'Company logo');
    fill(screen.getByRole('combobox', { name: 'Type' }), 'file');
    fill(await screen.findByRole('textbox', { name: 'Largest file (MB)' }), '12');
    fireEvent.click(screen.getByRole('button', { name: 'Create field' }));
    await screen.findByText('At most 10 MB');
    expect(seen).toEqual([]);
  });
});
