import { hasPermissions, type Permission } from '@portal/shared/permissions';
import { useSession } from '@/lib/session';

/** Whether the signed-in user holds a permission: for showing actions, never as the security check. */
export function useCan(): (permission: Permission) => boolean {
  const permissions = useSession()?.user.permissions ?? [];
  return (permission) => hasPermissions(permissions, { permissions: [permission] });
}
