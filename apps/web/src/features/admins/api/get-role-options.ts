import { MAX_PAGE_SIZE } from '@portal/shared/common';
import type { Role } from '@portal/shared/roles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListResponse } from '@/lib/api-types';
import { adminKeys } from './admin-keys';

/** The roles an admin can be given, for the form's role picker and the list's filter. */
export async function getRoleOptions(): Promise<Role[]> {
  const { data } = await api.get<ListResponse<Role>>('/admin/roles', {
    params: { per_page: MAX_PAGE_SIZE, sort: 'name' },
  });
  return data.data;
}

export const roleOptionsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.roleOptions(), queryFn: getRoleOptions });

export function useRoleOptions() {
  return useQuery(roleOptionsQueryOptions());
}
