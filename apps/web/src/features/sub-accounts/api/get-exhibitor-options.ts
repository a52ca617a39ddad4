import { MAX_PAGE_SIZE } from '@portal/shared/common';
import type { Exhibitor } from '@portal/shared/exhibitors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListResponse } from '@/lib/api-types';
import { subAccountKeys } from './sub-account-keys';

/** The exhibitors a sub-account can belong to, for an admin's picker and filter. */
export async function getExhibitorOptions(): Promise<Exhibitor[]> {
  const { data } = await api.get<ListResponse<Exhibitor>>('/admin/exhibitors', {
    params: { per_page: MAX_PAGE_SIZE, sort: 'companyName' },
  });
  return data.data;
}

export const exhibitorOptionsQueryOptions = () =>
  queryOptions({ queryKey: subAccountKeys.exhibitorOptions(), queryFn: getExhibitorOptions });

export function useExhibitorOptions({ enabled }: { enabled: boolean }) {
  return useQuery({ ...exhibitorOptionsQueryOptions(), enabled });
}
