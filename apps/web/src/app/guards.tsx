import { hasPermissions, type Permission } from '@portal/shared/permissions';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useMe } from '@/features/auth/api/get-me';
import { loginRoute, replaceUser, useSession } from '@/lib/session';
import { isSigningOut } from '@/lib/sign-out';

/**
 * Signed-in area: an unauthenticated visitor goes to the login route (coming back here after
 * signing in); a spinner shows while the stored session is confirmed with the server.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const me = useMe({ enabled: session != null });

  useEffect(() => {
    if (me.data) replaceUser(me.data);
  }, [me.data]);

  if (!session) {
    // Sign-out chooses the login route and whether to come back here; it is already on its way.
    if (isSigningOut()) return <FullPageSpinner />;
    return <Navigate to={loginRoute()} replace state={{ from: location.pathname + location.search }} />;
  }
  if (me.isPending) return <FullPageSpinner />;
  return children;
}

type RequirePermissionsProps = {
  permissions: readonly Permission[];
  /** `all` (AND, the default) or `any` (OR). */
  mode?: 'all' | 'any';
  /** Shown instead of going to /unauthorized when the check fails. */
  fallback?: ReactNode;
  children: ReactNode;
};

/** A guarded page (spec §6): a failed check goes to /unauthorized or shows the fallback. */
export function RequirePermissions({ permissions, mode = 'all', fallback, children }: RequirePermissionsProps) {
  const session = useSession();
  if (!session) return <FullPageSpinner />;
  if (!hasPermissions(session.user.permissions, { permissions, mode })) {
    return fallback ?? <Navigate to={paths.unauthorized.href()} replace />;
  }
  return children;
}
