import type { SessionAdmin } from '@portal/shared/auth';
import type { Permission } from '@portal/shared/permissions';
import { PERMISSIONS } from '@portal/shared/permissions';
import { deriveUserType } from '@portal/shared/user-types';
import type { Session } from '@/lib/session';

const EVENT = {
  id: 1,
  name: 'Nordic Tech Expo 2027',
  startDate: '2027-03-16',
  endDate: '2027-03-18',
  venue: 'Harbour Exhibition Centre',
  city: 'Oslo',
  country: 'Norway',
  timezone: 'Europe/Oslo',
};

type Overrides = Partial<Omit<SessionAdmin, 'permissions'>> & {
  permissions?: readonly Permission[] | readonly string[];
};

/** A session as sign-in would store it; the type is derived the way the app derives it. */
export function sessionOf(overrides: Overrides = {}): Session {
  const user: SessionAdmin = {
    id: 1,
    email: 'someone@example.com',
    firstName: 'Sam',
    lastName: 'Person',
    name: 'Sam Person',
    roles: [],
    eventId: null,
    event: null,
    exhibitorId: null,
    companyId: null,
    companyName: null,
    type: 'systemAdmin',
    createdAt: '2026-09-01T08:00:00.000Z',
    ...overrides,
    permissions: [...(overrides.permissions ?? [])],
  };
  const type = deriveUserType(user);
  return { user: { ...user, type }, accessToken: 'access-1', refreshToken: 'refresh-1', type };
}

const exhibitorWork: Permission[] = [
  'view_exhibitor_users',
  'create_exhibitor_user',
  'view_badge_categories',
  'view_allocation',
  'can_see_exhibitor',
  'can_see_visitor',
  'scan_leads',
];

/** Exhibitors and their sub-accounts request and pay for more places themselves. */
const buyingPlaces: Permission[] = ['view_allocation_purchase', 'create_allocation_purchase', 'create_payment'];

/** The demo accounts' shapes, one per user type. */
export const demo = {
  systemAdmin: () => sessionOf({ roles: [{ id: 1, name: 'System Admin' }], permissions: PERMISSIONS }),
  eventAdmin: () =>
    sessionOf({
      roles: [{ id: 2, name: 'Event Admin' }],
      permissions: PERMISSIONS.filter((p) => !['manage_roles', 'create_event'].includes(p)),
      eventId: 1,
      event: EVENT,
    }),
  vipAdmin: () =>
    sessionOf({
      roles: [{ id: 3, name: 'VIP Admin' }],
      permissions: ['view_exhibitor_users', 'view_users', 'view_badge_categories', 'view_registrations', 'can_see_vip'],
      eventId: 1,
      event: EVENT,
    }),
  exhibitor: () =>
    sessionOf({
      roles: [{ id: 4, name: 'Exhibitor' }],
      permissions: [...exhibitorWork, 'view_sub_accounts', 'create_sub_account', ...buyingPlaces, 'view_email_outbox'],
      eventId: 1,
      event: EVENT,
      companyName: 'Aurora Robotics AS',
    }),
  subAccount: () =>
    sessionOf({
      roles: [{ id: 5, name: 'Sub-Account' }],
      permissions: [...exhibitorWork, ...buyingPlaces],
      eventId: 1,
      event: EVENT,
      exhibitorId: 4,
    }),
};
