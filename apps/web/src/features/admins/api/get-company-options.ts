import { MAX_PAGE_SIZE } from '@portal/shared/common';
import type { Company } from '@portal/shared/companies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListResponse } from '@/lib/api-types';
import { adminKeys } from './admin-keys';

export async function getCompanyOptions(): Promise<Company[]> {
  const { data } = await api.get<ListResponse<Company>>('/admin/companies', {
    params: { per_page: MAX_PAGE_SIZE, sort: 'name' },
  });
  return data.data;
}

export const companyOptionsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.companyOptions(), queryFn: getCompanyOptions });

export function useCompanyOptions() {
  return useQuery(companyOptionsQueryOptions());
}
