import { describe, expect, it } from 'vitest';
import { allocationBodySchema, bulkAllocationsBodySchema } from './allocations';
import { createBadgeCategoryBodySchema } from './badge-categories';
import { boundedIntText } from './common';
import { createExhibitorLinkBodySchema } from './registration-links';

const messageOf = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('bounded number fields state their bounds', () => {
  it('an allocation quantity far too large names the maximum', () => {
    const result = allocationBodySchema.safeParse({ adminId: 1, badgeCategoryId: 2, quantity: 99_999_999_999 });
    expect(messageOf(result)).toBe('A whole number from 0 to 1,000,000');
  });

  it('a negative, a fraction and a text quantity get the same message', () => {
    for (const quantity of [-1, 2.5, 'ten']) {
      expect(messageOf(allocationBodySchema.safeParse({ adminId: 1, badgeCategoryId: 2, quantity }))).toBe(
        'A whole number from 0 to 1,000,000',
      );
    }
  });

  it('a bulk change may take away as much as it may add', () => {
    const item = { adminId: 1, badgeCategoryId: 2, quantity: -2_000_000 };
    const result = bulkAllocationsBodySchema.safeParse({ eventId: 1, items: [item] });
    expect(messageOf(result)).toBe('A whole number from -1,000,000 to 1,000,000');
  });

  it('a category sort order and price state theirs', () => {
    const base = { eventId: 1, name: 'Staff', badgeType: 'exhibitor' };
    expect(messageOf(createBadgeCategoryBodySchema.safeParse({ ...base, sortOrder: 100_001 }))).toBe(
      'A whole number from 0 to 100,000',
    );
    expect(messageOf(createBadgeCategoryBodySchema.safeParse({ ...base, unitPrice: 100_000_001 }))).toBe(
      'At most 100,000,000 of the currency’s smallest unit',
    );
  });

  it('a registration link’s uses state theirs', () => {
    const result = createExhibitorLinkBodySchema.safeParse({ eventId: 1, kind: 'exhibitor', maxUses: 0 });
    expect(result.error?.issues.find((issue) => issue.path[0] === 'maxUses')?.message).toBe(
      'A whole number from 1 to 100,000',
    );
  });

  it('form text: digits within the bounds pass, anything else names them', () => {
    const quantity = boundedIntText(0, 1_000_000);
    expect(quantity.safeParse(' 12 ').success).toBe(true);
    for (const text of ['99999999999', '-1', '1.5', '', 'ten']) {
      expect(messageOf(quantity.safeParse(text))).toBe('A whole number from 0 to 1,000,000');
    }
  });
});
