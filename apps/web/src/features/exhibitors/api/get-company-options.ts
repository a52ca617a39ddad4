import { MAX_PAGE_SIZE } from '@portal/shared/common';
import type { Company } from '@portal/shared/companies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListResponse } from '@/lib/api-types';
import { exhibitorKeys } from './exhibitor-keys';

/**
 * Companies an exhibitor can be linked to. Not filtered by the chosen event: a company that
 * exhibited at another show comes back as itself rather than as a duplicate. The API limits an
 * event admin to the companies of its own event.
 */
export async function getCompanyOptions(): Promise<Company[]> {
  const { data } = await api.get<ListResponse<Company>>('/admin/companies', {
    params: { per_page: MAX_PAGE_SIZE, sort: 'name' },
  });
  return data.data;
}

export const companyOptionsQueryOptions = () =>
  queryOptions({ queryKey: exhibitorKeys.companyOptions(), queryFn: getCompanyOptions });

export function useCompanyOptions() {
  return useQuery(companyOptionsQueryOptions());
}
