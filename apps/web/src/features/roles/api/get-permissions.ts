import type { PermissionRecord } from '@portal/shared/roles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PERMISSIONS_LIMIT } from '@/config/app';
import { api } from '@/lib/api-client';
import { roleKeys } from './role-keys';

export async function getPermissions(): Promise<PermissionRecord[]> {
  const { data } = await api.get<{ data: PermissionRecord[] }>('/admin/permissions', {
    params: { limit: PERMISSIONS_LIMIT },
  });
  return data.data;
}

export const permissionsQueryOptions = () =>
  queryOptions({ queryKey: roleKeys.permissions(), queryFn: getPermissions, staleTime: Infinity });

export function usePermissions() {
  return useQuery(permissionsQueryOptions());
}
