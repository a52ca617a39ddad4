import { hasPermissions, type Permission } from '@portal/shared/permissions';
import { paths } from '@/config/paths';
import type { Session } from '@/lib/session';

/** The later steps of spec §2's order: the first permission held decides. */
const BY_PERMISSION: [Permission[], string][] = [
  [['view_exhibitor_users', 'view_users'], paths.users.path],
  [['view_events'], paths.events.path],
  [['view_exhibitors'], paths.exhibitors.path],
  [['view_badges'], paths.badges.path],
  [['view_registrations'], paths.registrations.path],
  [['manage_admins'], paths.admins.path],
];

/**
 * Where `/` leads (spec §2): null shows the dashboard (VIEW_REPORTS); otherwise a path, in the
 * spec's order.
 */
export function rootRedirect(
  session: (Pick<Session, 'type'> & { user: Pick<Session['user'], 'permissions'> }) | null,
): string | null {
  if (!session) return paths.login.path;
  const held = session.user.permissions;
  const can = (...permissions: Permission[]) => hasPermissions(held, { permissions, mode: 'any' });
  if (can('view_reports')) return null;
  if (session.type === 'eventAdmin' && can('view_exhibitors')) return paths.exhibitors.path;
  if (session.type === 'vipAdmin' && can('view_exhibitor_users')) return paths.users.path;
  if (session.type === 'sub-account' || session.type === 'exhibitor') return paths.welcome.path;
  for (const [permissions, path] of BY_PERMISSION) {
    if (can(...permissions)) return path;
  }
  return paths.unauthorized.path;
}
