import { hasPermissions, type Permission } from '@portal/shared/permissions';
import type { UserType } from '@portal/shared/user-types';

export const BADGE_TYPES = ['exhibitor', 'visitor', 'contractor', 'vip'] as const;
export type BadgeType = (typeof BADGE_TYPES)[number];

export const BADGE_TYPE_LABELS: Readonly<Record<BadgeType, string>> = {
  exhibitor: 'Exhibitor',
  visitor: 'Visitor',
  contractor: 'Contractor',
  vip: 'VIP',
};

/** The permission that shows each badge type (spec §5). */
const VISIBILITY: Readonly<Record<BadgeType, Permission>> = {
  vip: 'can_see_vip',
  exhibitor: 'can_see_exhibitor',
  visitor: 'can_see_visitor',
  contractor: 'can_see_visitor',
};

/** Badge types the user may see: VIP admins only vip, everyone else by permission. */
export function visibleBadgeTypes(type: UserType, permissions: readonly string[]): BadgeType[] {
  const candidates = type === 'vipAdmin' ? (['vip'] as const) : BADGE_TYPES;
  return candidates.filter((badgeType) => hasPermissions(permissions, { permissions: [VISIBILITY[badgeType]] }));
}
