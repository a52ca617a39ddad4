import type { CustomField } from '@portal/shared/custom-fields';
import { describe, expect, it } from 'vitest';
import { answerText } from './custom-field-rules';

const field = (overrides: Partial<CustomField>): CustomField => ({
  id: 7,
  eventId: 1,
  badgeCategoryId: 1,
  badgeCategoryName: 'Booth staff',
  entityType: 'badge',
  exhibitorId: null,
  label: 'Field',
  key: 'field',
  type: 'text',
  options: [],
  required: false,
  isActive: true,
  isPrivate: false,
  sortOrder: 0,
  helpText: null,
  validation: {},
  answerCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});
const answer = (value: unknown, file: { name: string } | null = null) => ({
  customFieldId: 7,
  key: 'field',
  label: 'Field',
  value,
  file: file && { id: 'f1', name: file.name, contentType: 'application/pdf', sizeBytes: 10 },
});

describe('answerText', () => {
  it('shows a list item’s answer as a cell shows it', () => {
    expect(answerText(undefined, field({}))).toBe('—');
    expect(answerText(answer('Robots'), field({}))).toBe('Robots');
    expect(answerText(answer(true), field({ type: 'checkbox' }))).toBe('Yes');
    const options = [
      { value: 'veg', label: 'Vegetarian' },
      { value: 'none', label: 'No preference' },
    ];
    expect(answerText(answer(['veg', 'none']), field({ type: 'multiselect', options }))).toBe(
      'Vegetarian, No preference',
    );
    expect(answerText(answer('f1', { name: 'cv.pdf' }), field({ type: 'file' }))).toBe('cv.pdf');
    expect(answerText(answer('none'), field({ type: 'select', options }))).toBe('No preference');
    expect(answerText(answer('NO'), field({ type: 'country' }))).toBe(
      new Intl.DisplayNames(undefined, { type: 'region' }).of('NO'),
    );
  });

  it('shows the raw value when the field is gone or the value is no longer an option', () => {
    expect(answerText(answer('veg'), undefined)).toBe('veg');
    expect(
      answerText(answer('retired'), field({ type: 'select', options: [{ value: 'veg', label: 'Vegetarian' }] })),
    ).toBe('retired');
    expect(answerText(answer(false), undefined)).toBe('No');
    expect(answerText(answer([]), field({ type: 'multiselect' }))).toBe('—');
  });
});
