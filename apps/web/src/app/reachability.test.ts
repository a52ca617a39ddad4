import { hasPermissions, type Permission } from '@portal/shared/permissions';
import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { eventLinks } from '@/features/events/components/event-links';
import type { Session } from '@/lib/session';
import { demo } from '@/testing/sessions';
import { accountLinks, buildSidebar, type MenuCategory } from './layout/sidebar-items';
import { screenAccess } from './routes';

const CATEGORIES: MenuCategory[] = [
  { id: 11, name: 'Exhibitor staff', type: 'badge', badgeType: 'exhibitor' },
  { id: 12, name: 'Trade visitor', type: 'badge', badgeType: 'visitor' },
  { id: 13, name: 'Stand builders', type: 'badge', badgeType: 'contractor' },
  { id: 14, name: 'VIP guests', type: 'badge', badgeType: 'vip' },
];

// Screens that link onwards, each file read as text: a screen links to a route when it builds
// that route's href. The sidebar and the event view's links are checked per user below instead.
const SOURCES = import.meta.glob(['../features/**/*.{ts,tsx}', './routes/*.tsx', '!../features/**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;
const linkedByScreens = new Set(
  Object.entries(SOURCES)
    .filter(([file]) => !file.endsWith('event-links.tsx'))
    .flatMap(([, text]) => [...text.matchAll(/paths\.(\w+)\.href\(/g)].map((match) => match[1]!)),
);
const keyOf = (path: string) => Object.entries(paths).find(([, route]) => route.path === path)?.[0];

/** '/dashboard' is the dashboard the sidebar's Dashboard ('/') shows. */
const SAME_SCREEN: Record<string, string> = { [paths.dashboard.path]: paths.home.path };

/** Uploading VIP guests is offered to those who see VIP badges; the route's guard alone lets more in. */
const offered = (session: Session, path: string) =>
  path !== paths.vipUsersBulkUpload.path || session.user.permissions.includes('can_see_vip');

function allowed(session: Session) {
  return screenAccess.filter(
    ({ permissions, mode }) => !permissions || hasPermissions(session.user.permissions, { permissions, mode }),
  );
}

function reachable(session: Session, path: string): boolean {
  const can = (permission: Permission) => hasPermissions(session.user.permissions, { permissions: [permission] });
  const direct = [
    ...buildSidebar(session, CATEGORIES)
      .flatMap((section) => section.entries)
      .flatMap((entry) => (entry.kind === 'link' ? [entry.to] : entry.links.map((link) => link.to))),
    ...(can('view_events') ? eventLinks(1, can).map((link) => link.to) : []),
    ...accountLinks(session).map((link) => link.to),
  ].map((to) => to.split('?')[0]!);
  const target = SAME_SCREEN[path] ?? path;
  if (direct.some((to) => matchPath(target, to))) return true;
  const key = keyOf(path);
  return key !== undefined && linkedByScreens.has(key);
}

describe('every screen a user may open is reachable by a link', () => {
  it.each(Object.entries(demo))('%s', (_, session) => {
    const user = session();
    const unreachable = allowed(user)
      .map(({ path }) => path)
      .filter((path) => offered(user, path) && !reachable(user, path));
    expect(unreachable).toEqual([]);
  });

  it('the event view links an event admin to custom fields, email templates and admins', () => {
    const user = demo.eventAdmin();
    const can = (permission: Permission) => hasPermissions(user.user.permissions, { permissions: [permission] });
    const labels = eventLinks(7, can).map((link) => [link.label, link.to]);
    expect(labels).toEqual(
      expect.arrayContaining([
        ['Custom fields', '/custom-fields?eventId=7'],
        ['Email templates', '/email-templates'],
        ['Admins', '/admins'],
      ]),
    );
  });

  it('the event view offers no link its user may not open', () => {
    const user = demo.vipAdmin();
    const can = (permission: Permission) => hasPermissions(user.user.permissions, { permissions: [permission] });
    expect(eventLinks(7, can).map((link) => link.label)).toEqual(['Registrations']);
  });
});
