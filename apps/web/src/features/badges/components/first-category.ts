import { BADGE_TYPES, type BadgeCategory, type BadgeType } from '@portal/shared/badge-categories';

/**
 * The category /users opens: the first entry of the sidebar's badge menu, which lists categories
 * of type 'badge' grouped by badge type in the order Exhibitor, Visitor, Contractor, VIP.
 */
export function firstVisibleCategory(
  categories: readonly Pick<BadgeCategory, 'id' | 'type' | 'badgeType'>[],
  visible: readonly BadgeType[],
): number | null {
  for (const badgeType of BADGE_TYPES) {
    if (!visible.includes(badgeType)) continue;
    const first = categories.find((category) => category.type === 'badge' && category.badgeType === badgeType);
    if (first) return first.id;
  }
  return null;
}
