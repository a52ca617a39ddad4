import { describe, expect, it } from 'vitest';
import { quantityHint } from './allocation-form';

describe('quantityHint', () => {
  it('names the floor in the figures the allocation bar shows, not counting sub-accounts’ badges twice', () => {
    // 12 places: 8 registered here, 4 handed to sub-accounts (1 of them registered there).
    expect(quantityHint({ used: 8, reserved: 4, heldByLinks: 0 })).toBe(
      '8 registered here and 4 handed to sub-accounts: it cannot go below 12.',
    );
  });

  it('says what open links hold beyond that', () => {
    expect(quantityHint({ used: 3, reserved: 2, heldByLinks: 3 })).toBe(
      '3 registered here and 2 handed to sub-accounts: it cannot go below 5. Open registration links hold 3 more: below 8, some of them find no place.',
    );
  });
});
