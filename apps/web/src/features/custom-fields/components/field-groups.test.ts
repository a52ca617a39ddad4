import type { BadgeCategorySummary } from '@portal/shared/badge-categories';
import type { CustomField } from '@portal/shared/custom-fields';
import { describe, expect, it } from 'vitest';
import { groupFields, moveField } from './field-groups';

const field = (id: number, badgeCategoryId: number | null, sortOrder: number) =>
  ({
    id,
    badgeCategoryId,
    badgeCategoryName: badgeCategoryId ? `Category ${badgeCategoryId}` : null,
    sortOrder,
  }) as CustomField;
const category = (id: number, name: string) => ({ id, name }) as BadgeCategorySummary;

describe('groupFields', () => {
  it('puts event-wide fields first, then each category in the categories’ order, each in the order given', () => {
    const groups = groupFields(
      [field(4, 5, 1), field(2, null, 0), field(3, 4, 0), field(1, 5, 0)],
      [category(5, 'Booth staff'), category(4, 'Press')],
    );
    expect(groups.map((group) => [group.title, group.fields.map((f) => f.id)])).toEqual([
      ['All categories', [2]],
      ['Booth staff', [4, 1]],
      ['Press', [3]],
    ]);
  });
});

describe('moveField', () => {
  const fields = [field(1, null, 0), field(2, null, 1), field(3, null, 2)];
  it('swaps a field with its neighbour, and leaves the ends alone', () => {
    expect(moveField(fields, 2, -1)).toEqual([2, 1, 3]);
    expect(moveField(fields, 2, 1)).toEqual([1, 3, 2]);
    expect(moveField(fields, 1, -1)).toEqual([1, 2, 3]);
    expect(moveField(fields, 3, 1)).toEqual([1, 2, 3]);
  });
});
