import type { BadgeLayoutDesign } from '@portal/shared/badge-layouts';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_LAYOUTS } from './built-ins';
import { chooseLayout } from './layout-resolution';

const layout = (id: number, builtIn: string | null = null): BadgeLayoutDesign & { id: number; builtIn: string | null } => ({ ...BUILT_IN_LAYOUTS.cr80, id, builtIn });
const layouts = [layout(1, 'a6'), layout(2), layout(3)];
const assignments = [
  { badgeType: 'visitor', badgeCategoryId: null, layoutId: 2 },
  { badgeType: 'visitor', badgeCategoryId: 7, layoutId: 3 },
  { badgeType: 'exhibitor', badgeCategoryId: 8, layoutId: 3 },
] as const;

describe('which layout a badge prints with', () => {
  it('takes its category’s assignment over its badge type’s, and the A6 built-in without either', () => {
    const idOf = (badgeType: 'visitor' | 'exhibitor' | 'vip', badgeCategoryId: number) =>
      (chooseLayout({ badgeType, badgeCategoryId }, assignments, layouts) as { id: number }).id;
    expect(idOf('visitor', 7)).toBe(3);
    expect(idOf('visitor', 9)).toBe(2);
    expect(idOf('exhibitor', 8)).toBe(3);
    expect(idOf('exhibitor', 9)).toBe(1);
    expect(idOf('vip', 7)).toBe(1);
  });

  it('falls back to the A6 definition when the event has no A6 built-in left', () => {
    expect(chooseLayout({ badgeType: 'vip', badgeCategoryId: 1 }, [], [layout(2)])).toBe(BUILT_IN_LAYOUTS.a6);
  });
});
