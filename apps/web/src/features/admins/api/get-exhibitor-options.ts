import type { Admin } from '@portal/shared/admins';
import { MAX_PAGE_SIZE } from '@portal/shared/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListResponse } from '@/lib/api-types';
import { adminKeys } from './admin-keys';

/** Exhibitor accounts (holders of the exhibitor role), the parents a sub-account can belong to. */
export async function getExhibitorOptions(exhibitorRoleId: number): Promise<Admin[]> {
  const { data } = await api.get<ListResponse<Admin>>('/admin/admins', {
    params: { roleId: exhibitorRoleId, per_page: MAX_PAGE_SIZE, sort: 'name' },
  });
  return data.data;
}

export const exhibitorOptionsQueryOptions = (exhibitorRoleId: number) =>
  queryOptions({
    queryKey: adminKeys.exhibitors(exhibitorRoleId),
    queryFn: () => getExhibitorOptions(exhibitorRoleId),
  });

export function useExhibitorOptions(exhibitorRoleId: number | null) {
  return useQuery({ ...exhibitorOptionsQueryOptions(exhibitorRoleId ?? 0), enabled: exhibitorRoleId != null });
}
