import { describe, expect, it } from 'vitest';
import { demo, sessionOf } from '@/testing/sessions';
import { rootRedirect } from './root-redirect';
import { mayOpen } from './routes';

describe('rootRedirect', () => {
  it('sends an unauthenticated visitor to /login', () => {
    expect(rootRedirect(null)).toBe('/login');
  });

  it('shows the dashboard with VIEW_REPORTS, whatever the user type', () => {
    expect(rootRedirect(demo.systemAdmin())).toBeNull();
    expect(rootRedirect(demo.eventAdmin())).toBeNull();
    expect(
      rootRedirect(sessionOf({ roles: [{ id: 4, name: 'Exhibitor' }], eventId: 1, permissions: ['view_reports'] })),
    ).toBeNull();
  });

  it('sends an event admin with VIEW_EXHIBITORS to /exhibitors before anything else', () => {
    const session = sessionOf({ eventId: 1, permissions: ['view_exhibitors', 'view_exhibitor_users', 'view_events'] });
    expect(session.type).toBe('eventAdmin');
    expect(rootRedirect(session)).toBe('/exhibitors');
  });

  it('sends a VIP admin with VIEW_EXHIBITOR_USERS to /users', () => {
    expect(demo.vipAdmin().type).toBe('vipAdmin');
    expect(rootRedirect(demo.vipAdmin())).toBe('/users');
  });

  it('sends exhibitors and sub-accounts to /welcome even when they may see badges', () => {
    expect(rootRedirect(demo.exhibitor())).toBe('/welcome');
    expect(rootRedirect(demo.subAccount())).toBe('/welcome');
  });

  it('falls back on permissions in the order of the spec', () => {
    const at = (...permissions: string[]) => rootRedirect(sessionOf({ permissions }));
    expect(at('view_users', 'view_events', 'manage_admins')).toBe('/users');
    expect(at('view_exhibitor_users', 'view_events')).toBe('/users');
    expect(at('view_events', 'view_exhibitors', 'view_badges')).toBe('/events');
    expect(at('view_exhibitors', 'view_badges')).toBe('/exhibitors');
    expect(at('view_badges', 'view_registrations')).toBe('/badges');
    expect(at('view_registrations', 'manage_admins')).toBe('/registrations');
    expect(at('manage_admins')).toBe('/admins');
    expect(at('manage_roles')).toBe('/unauthorized');
  });

  it('lets an event admin without VIEW_EXHIBITORS fall through to the permission order', () => {
    const session = sessionOf({ eventId: 1, permissions: ['view_events', 'view_users'] });
    expect(session.type).toBe('eventAdmin');
    expect(rootRedirect(session)).toBe('/users');
  });

  // Each landing's first data call answers 200 for the same permission alone: the API's
  // landing-pages test holds the other half of this table.
  it.each([
    ['view_reports', '/dashboard'],
    ['view_exhibitor_users', '/users'],
    ['view_users', '/users'],
    ['view_events', '/events'],
    ['view_exhibitors', '/exhibitors'],
    ['view_badges', '/badges'],
    ['view_registrations', '/registrations'],
    ['manage_admins', '/admins'],
  ])('sends a holder of only %s to %s, which that permission opens', (permission, landing) => {
    for (const eventId of [1, null]) {
      const target = rootRedirect(sessionOf({ eventId, permissions: [permission] })) ?? '/dashboard';
      expect(target).toBe(landing);
      expect(mayOpen(target, [permission])).toBe(true);
    }
  });

  it('opens the landing of an event admin and of a VIP admin with the permission that chose it', () => {
    const eventAdmin = sessionOf({ eventId: 1, permissions: ['view_exhibitors'] });
    expect(mayOpen(rootRedirect(eventAdmin)!, ['view_exhibitors'])).toBe(true);
    const vip = sessionOf({ eventId: 1, roles: [{ id: 3, name: 'VIP Admin' }], permissions: ['view_exhibitor_users', 'can_see_vip'] });
    expect(vip.type).toBe('vipAdmin');
    expect(mayOpen(rootRedirect(vip)!, ['view_exhibitor_users'])).toBe(true);
  });
});
