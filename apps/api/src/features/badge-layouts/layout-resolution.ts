import type { BadgeLayoutAssignment, BadgeLayoutDesign } from '@portal/shared/badge-layouts';
import type { BadgeType } from '@portal/shared/badge-categories';
import { BUILT_IN_LAYOUTS } from './built-ins';

/**
 * The layout a badge prints with, from its event's layouts and assignments (read once for a whole
 * print run): its category's assignment, else its badge type's, else the event's A6 built-in, else
 * (that one deleted) the A6 definition itself.
 */
export function chooseLayout<Layout extends BadgeLayoutDesign & { id: number; builtIn: string | null }>(
  badge: { badgeType: BadgeType; badgeCategoryId: number },
  assignments: readonly BadgeLayoutAssignment[],
  layouts: readonly Layout[],
): Layout | BadgeLayoutDesign {
  const byId = (id: number | undefined) => layouts.find((layout) => layout.id === id);
  const forType = assignments.filter((assignment) => assignment.badgeType === badge.badgeType);
  return (
    byId(forType.find((assignment) => assignment.badgeCategoryId === badge.badgeCategoryId)?.layoutId) ??
    byId(forType.find((assignment) => assignment.badgeCategoryId === null)?.layoutId) ??
    layouts.find((layout) => layout.builtIn === 'a6') ??
    BUILT_IN_LAYOUTS.a6
  );
}
