import { normalizePermission } from './permissions';

export const USER_TYPES = ['systemAdmin', 'eventAdmin', 'vipAdmin', 'exhibitor', 'sub-account'] as const;
export type UserType = (typeof USER_TYPES)[number];

export type UserTypeInput = {
  roles: readonly { name: string }[];
  permissions: readonly string[];
  exhibitorId?: number | null;
  eventId?: number | null;
};

/**
 * The user type, derived exactly as spec §4 says. The API uses it for scoping and the web app
 * for menus, redirects and wording, so both read this one function.
 */
export function deriveUserType({ roles, permissions, exhibitorId, eventId }: UserTypeInput): UserType {
  const granted = new Set(permissions.map(normalizePermission));
  if (granted.has('can_see_vip') && !granted.has('can_see_exhibitor') && !granted.has('can_see_visitor')) {
    return 'vipAdmin';
  }
  const names = roles.map((role) => role.name.toLowerCase());
  const hasSubAccountRole = names.some((name) => name.includes('sub-account'));
  const hasExhibitorRole = names.some((name) => name.includes('exhibitor'));
  if (hasSubAccountRole && exhibitorId != null) return 'sub-account';
  if (hasExhibitorRole && eventId != null) return 'exhibitor';
  if (eventId != null && !hasSubAccountRole && !hasExhibitorRole) return 'eventAdmin';
  return 'systemAdmin';
}

export const DASHBOARD_SUBTITLES: Readonly<Record<UserType, string>> = {
  exhibitor: 'Exhibitor Dashboard',
  'sub-account': 'Sub-Account Dashboard',
  vipAdmin: 'VIP Dashboard',
  eventAdmin: 'Event Dashboard',
  systemAdmin: 'Admin Dashboard',
};
