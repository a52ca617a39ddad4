import type { Lead, LeadListQuery } from '@portal/shared/leads';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListResponse } from '@/lib/api-types';
import { leadKeys } from './lead-keys';

export async function getLeads(query: Partial<LeadListQuery>): Promise<ListResponse<Lead>> {
  const { data } = await api.get<ListResponse<Lead>>('/leads', { params: query });
  return data;
}

export const leadsQueryOptions = (query: Partial<LeadListQuery>) =>
  queryOptions({
    queryKey: leadKeys.list(query),
    queryFn: () => getLeads(query),
    // The page stays in view while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });

export function useLeads(query: Partial<LeadListQuery>) {
  return useQuery(leadsQueryOptions(query));
}
