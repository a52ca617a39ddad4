import type { Role } from '@portal/shared/roles';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListResponse } from '@/lib/api-types';
import { roleKeys, type RoleListParams } from './role-keys';

export async function getRoles({ page, search, sort }: RoleListParams): Promise<ListResponse<Role>> {
  const { data } = await api.get<ListResponse<Role>>('/admin/roles', {
    params: { page, search: search || undefined, sort },
  });
  return data;
}

export const rolesQueryOptions = (params: RoleListParams) =>
  queryOptions({ queryKey: roleKeys.list(params), queryFn: () => getRoles(params), placeholderData: keepPreviousData });

export function useRoles(params: RoleListParams) {
  return useQuery(rolesQueryOptions(params));
}
