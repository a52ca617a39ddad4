import type { Company } from '@portal/shared/companies';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListResponse } from '@/lib/api-types';
import { companyKeys, type CompanyListParams } from './company-keys';

export async function getCompanies({ page, search, sort }: CompanyListParams): Promise<ListResponse<Company>> {
  const { data } = await api.get<ListResponse<Company>>('/admin/companies', {
    params: { page, search: search || undefined, sort },
  });
  return data;
}

export const companiesQueryOptions = (params: CompanyListParams) =>
  queryOptions({
    queryKey: companyKeys.list(params),
    queryFn: () => getCompanies(params),
    placeholderData: keepPreviousData,
  });

export function useCompanies(params: CompanyListParams) {
  return useQuery(companiesQueryOptions(params));
}
