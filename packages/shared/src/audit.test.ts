import { describe, expect, it } from 'vitest';
import { diffFields } from './audit';

describe('diffFields', () => {
  it('puts the changed fields first, each with its value before and after', () => {
    expect(diffFields({ name: 'A', city: 'Oslo', size: 1 }, { name: 'A', city: 'Bergen', size: 2 })).toEqual([
      { field: 'city', before: 'Oslo', after: 'Bergen', changed: true },
      { field: 'size', before: 1, after: 2, changed: true },
      { field: 'name', before: 'A', after: 'A', changed: false },
    ]);
  });

  it('takes a field an update left out of its after as kept, not emptied', () => {
    const fields = diffFields(
      { id: 3, lastName: 'Haugen', phone: null, email: 'jonas@example.com' },
      { lastName: 'Haugen-Lie', phone: '+47 912 34 567' },
    );
    expect(fields.filter((field) => field.changed).map((field) => field.field)).toEqual(['lastName', 'phone']);
    expect(fields.find((field) => field.field === 'email')).toEqual({
      field: 'email',
      before: 'jonas@example.com',
      after: 'jonas@example.com',
      changed: false,
    });
  });

  it('shows a field an update set to null as emptied', () => {
    expect(diffFields({ phone: '+47 912 34 567' }, { phone: null })).toEqual([
      { field: 'phone', before: '+47 912 34 567', after: null, changed: true },
    ]);
  });

  it('shows every field of a creation as new and of a deletion as gone', () => {
    expect(diffFields(null, { name: 'A' })).toEqual([{ field: 'name', before: undefined, after: 'A', changed: true }]);
    expect(diffFields({ name: 'A' }, null)).toEqual([{ field: 'name', before: 'A', after: undefined, changed: true }]);
  });
});
