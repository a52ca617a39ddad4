import type { Role } from '@portal/shared/roles';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListParams, ListResponse } from '@/lib/api-types';
import { roleKeys } from './role-keys';

export async function getRoles({ page, search }: ListParams): Promise<ListResponse<Role>> {
  const { data } = await api.get<ListResponse<Role>>('/admin/roles', {
    params: { page, search: search || undefined, sort: 'name' },
  });
  return data;
}

export const rolesQueryOptions = (params: ListParams) =>
  queryOptions({ queryKey: roleKeys.list(params), queryFn: () => getRoles(params), placeholderData: keepPreviousData });

export function useRoles(params: ListParams) {
  return useQuery(rolesQueryOptions(params));
}
