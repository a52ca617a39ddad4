import { describe, expect, it } from 'vitest';
import { NOT_RELEASABLE, releasableFields, unreleasableKeys, type BadgeField } from './lead-settings.rules';

const question = (id: number, overrides: Partial<BadgeField> = {}): BadgeField => ({
  id,
  label: `Question ${id}`,
  type: 'text',
  isPrivate: false,
  categoryName: null,
  ...overrides,
});

describe('the fields a scan may release', () => {
  it('gives private before file as the reason, so a private file reads as private', () => {
    const [privateFile] = releasableFields([question(7, { type: 'file', isPrivate: true })]).slice(-1);
    expect(privateFile).toMatchObject({ key: 'field:7', releasable: false, reason: NOT_RELEASABLE.private });
  });

  it('names each refused place in the list, and accepts an empty one', () => {
    const choices = releasableFields([question(1), question(2, { type: 'file' })]);
    expect(unreleasableKeys([], choices)).toEqual([]);
    expect(unreleasableKeys(['email', 'field:1', 'field:2', 'field:3'], choices)).toEqual([
      { field: 'releasedFields.2', message: NOT_RELEASABLE.file },
      { field: 'releasedFields.3', message: 'Not a badge field of this event' },
    ]);
  });
});
