import { describe, expect, it } from 'vitest';
import type { Session } from '@/lib/session';
import { demo, sessionOf } from '@/testing/sessions';
import { rootRedirect } from '../root-redirect';
import { accountLinks, buildSidebar, showsBadgeMenu, type MenuCategory, type NavEntry } from './sidebar-items';

const CATEGORIES: MenuCategory[] = [
  { id: 11, name: 'Exhibitor Staff', type: 'badge', badgeType: 'exhibitor' },
  { id: 12, name: 'Day Visitor', type: 'badge', badgeType: 'visitor' },
  { id: 13, name: 'Stand Builder', type: 'badge', badgeType: 'contractor' },
  { id: 14, name: 'VIP Guest', type: 'badge', badgeType: 'vip' },
  { id: 15, name: 'Parking', type: 'addon', badgeType: 'exhibitor' },
];

/** Each section as its label and entry labels; a group as `Label: [links]`. */
function outline(session: Session, categories = CATEGORIES) {
  const describeEntry = (entry: NavEntry): string =>
    entry.kind === 'link' ? entry.label : `${entry.label}: [${entry.links.map((l) => l.label).join(', ')}]`;
  return Object.fromEntries(
    buildSidebar(session, categories).map((section) => [section.label ?? '-', section.entries.map(describeEntry)]),
  );
}

describe('sidebar', () => {
  it('system admin: management without exhibitor screens, no badge menu, System shown', () => {
    expect(outline(demo.systemAdmin())).toEqual({
      '-': ['Dashboard'],
      Management: ['Companies', 'Events', 'History'],
      Allocations: ['Badge Categories', 'Addons Allocations', 'Allocation Purchases'],
      System: ['Admins', 'Roles', 'Custom Fields', 'Registration Links', 'Email Templates', 'Email Outbox'],
    });
    expect(showsBadgeMenu(demo.systemAdmin())).toBe(false);
  });

  it('event admin: no Sub-Accounts or Badges under Management, badges grouped by type, no System', () => {
    expect(outline(demo.eventAdmin())).toEqual({
      '-': ['Dashboard'],
      Management: ['Companies', 'Events', 'Exhibitor Profiles', 'Registration Links', 'Email Outbox', 'History'],
      Badges: [
        'Exhibitor: [Exhibitor Staff]',
        'Visitor: [Day Visitor]',
        'Contractor: [Stand Builder]',
        'VIP: [VIP Guest]',
      ],
      Allocations: ['Badge Categories', 'Badge Allocations', 'Addons Allocations', 'Allocation Purchases'],
    });
  });

  it('VIP admin: only vip badges, listed directly as the only group', () => {
    const sections = buildSidebar(demo.vipAdmin(), CATEGORIES);
    expect(outline(demo.vipAdmin())).toEqual({
      Management: ['Badges', 'Registration Links'],
      Badges: ['VIP Guest'],
      Allocations: ['Badge Categories'],
    });
    const badges = sections.find((section) => section.id === 'badges')!;
    expect(badges.entries[0]).toMatchObject({ kind: 'link', to: '/users/14' });
  });

  it('exhibitor: Overview, own screens, visible badge types only, no add-on categories', () => {
    expect(outline(demo.exhibitor())).toEqual({
      '-': ['Overview'],
      Management: ['Sub-Accounts', 'Badges', 'Registration Links', 'Email Outbox'],
      Badges: ['Exhibitor: [Exhibitor Staff]', 'Visitor: [Day Visitor]', 'Contractor: [Stand Builder]'],
      Leads: ['Leads', 'Lead questions'],
      Allocations: ['Badge Categories', 'Badge Allocations', 'Allocation Purchases'],
    });
  });

  it('sub-account: Overview and badges, nothing it has no permission for', () => {
    expect(outline(demo.subAccount())).toEqual({
      '-': ['Overview'],
      Management: ['Badges', 'Registration Links'],
      Badges: ['Exhibitor: [Exhibitor Staff]', 'Visitor: [Day Visitor]', 'Contractor: [Stand Builder]'],
      Leads: ['Leads', 'Lead questions'],
      Allocations: ['Badge Categories', 'Badge Allocations', 'Allocation Purchases'],
    });
  });

  it('Leads: for an exhibitor and its sub-accounts holding scan_leads, for nobody else', () => {
    const granted = (session: Session) =>
      sessionOf({ ...session.user, permissions: [...session.user.permissions, 'scan_leads'] });
    const withheld = (session: Session) =>
      sessionOf({ ...session.user, permissions: session.user.permissions.filter((p) => p !== 'scan_leads') });
    const leads = buildSidebar(demo.subAccount(), CATEGORIES).find((section) => section.id === 'leads')!;
    expect(leads.entries).toMatchObject([
      { kind: 'link', label: 'Leads', to: '/leads', end: true },
      { kind: 'link', label: 'Lead questions', to: '/leads/questions' },
    ]);
    // Without the permission (scanning sold as an add-on, not bought), or as an organiser even with it: no entry.
    expect(outline(withheld(demo.subAccount())).Leads).toBeUndefined();
    expect(outline(withheld(demo.exhibitor())).Leads).toBeUndefined();
    for (const organiser of [demo.eventAdmin(), demo.systemAdmin()]) {
      expect(outline(granted(organiser)).Leads).toBeUndefined();
    }
  });

  it.each(Object.entries(demo))('%s: no two entries lead to the same place, "/" included', (_, session) => {
    const user = session();
    const targets = buildSidebar(user, CATEGORIES)
      .flatMap((section) => section.entries)
      .flatMap((entry) => (entry.kind === 'link' ? [entry] : entry.links))
      .map((entry) => (entry.to === '/' ? (rootRedirect(user) ?? '/') : entry.to));
    expect(targets.length).toBeGreaterThan(0);
    expect(new Set(targets).size).toBe(targets.length);
  });

  it('keeps Dashboard where "/" leads to a screen no other entry names', () => {
    const reportsOnly = sessionOf({ roles: [{ id: 9, name: 'Auditor' }], permissions: ['view_reports'] });
    expect(outline(reportsOnly)['-']).toEqual(['Dashboard']);
    const registrationsOnly = sessionOf({ roles: [{ id: 9, name: 'Auditor' }], permissions: ['view_registrations'] });
    expect(outline(registrationsOnly)['-']).toEqual(['Dashboard']);
  });

  it('lists the entries of a single visible group directly', () => {
    const exhibitorBadgesOnly = sessionOf({
      roles: [{ id: 4, name: 'Exhibitor' }],
      eventId: 1,
      permissions: ['view_exhibitor_users', 'can_see_exhibitor'],
    });
    expect(outline(exhibitorBadgesOnly).Badges).toEqual(['Exhibitor Staff']);
  });

  it('links everyone holding a permission to their API tokens, and nobody else', () => {
    for (const session of Object.values(demo)) {
      expect(accountLinks(session()).map((link) => [link.label, link.to])).toEqual([['API tokens', '/account/api-tokens']]);
    }
    expect(accountLinks(sessionOf({ roles: [], permissions: [] }))).toEqual([]);
  });

  it('leaves the badge menu out when the category list is empty, as after a failed fetch', () => {
    expect(outline(demo.exhibitor(), []).Badges).toBeUndefined();
  });

  it('offers lead questions to an exhibitor’s team with scan_leads only, never to an organiser', () => {
    const withoutScanning = sessionOf({
      roles: [{ id: 4, name: 'Exhibitor' }],
      eventId: 1,
      permissions: ['view_exhibitor_users'],
    });
    expect(outline(withoutScanning).Leads).toBeUndefined();
    expect(outline(demo.eventAdmin()).Leads).toBeUndefined();
    expect(outline(demo.systemAdmin()).Leads).toBeUndefined();
  });

  it('shows System to any user without an event and to nobody with one', () => {
    const noEvent = sessionOf({ roles: [{ id: 9, name: 'Auditor' }], permissions: ['manage_roles'] });
    expect(outline(noEvent).System).toEqual(['Roles']);
    const withEvent = sessionOf({ eventId: 1, permissions: ['manage_admins', 'manage_roles'] });
    expect(withEvent.type).toBe('eventAdmin');
    expect(outline(withEvent).System).toBeUndefined();
  });
});
