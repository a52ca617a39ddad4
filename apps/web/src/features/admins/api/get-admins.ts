import type { Admin } from '@portal/shared/admins';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListResponse } from '@/lib/api-types';
import { adminKeys, type AdminListParams } from './admin-keys';

export async function getAdmins({ page, search, roleId, sort }: AdminListParams): Promise<ListResponse<Admin>> {
  const { data } = await api.get<ListResponse<Admin>>('/admin/admins', {
    params: { page, search: search || undefined, roleId: roleId ?? undefined, sort },
  });
  return data;
}

export const adminsQueryOptions = (params: AdminListParams) =>
  queryOptions({
    queryKey: adminKeys.list(params),
    queryFn: () => getAdmins(params),
    placeholderData: keepPreviousData,
  });

export function useAdmins(params: AdminListParams) {
  return useQuery(adminsQueryOptions(params));
}
