import type { Company } from '@portal/shared/companies';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListParams, ListResponse } from '@/lib/api-types';
import { companyKeys } from './company-keys';

export async function getCompanies({ page, search }: ListParams): Promise<ListResponse<Company>> {
  const { data } = await api.get<ListResponse<Company>>('/admin/companies', {
    params: { page, search: search || undefined, sort: 'name' },
  });
  return data;
}

export const companiesQueryOptions = (params: ListParams) =>
  queryOptions({
    queryKey: companyKeys.list(params),
    queryFn: () => getCompanies(params),
    placeholderData: keepPreviousData,
  });

export function useCompanies(params: ListParams) {
  return useQuery(companiesQueryOptions(params));
}
