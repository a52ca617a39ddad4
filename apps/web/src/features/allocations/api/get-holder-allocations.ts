import type { Allocation } from '@portal/shared/allocations';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListResponse } from '@/lib/api-types';
import { allocationKeys, type HolderAllocationParams } from './allocation-keys';

/** One holder's allocations (badges and add-ons), with the child allocations it hands to its sub-accounts. */
export async function getHolderAllocations({ adminId, page, sort }: HolderAllocationParams): Promise<ListResponse<Allocation>> {
  const { data } = await api.get<ListResponse<Allocation>>('/admin/allocations', {
    params: { page, adminId, includeChildAllocations: true, sort },
  });
  return data;
}

export const holderAllocationsQueryOptions = (params: HolderAllocationParams) =>
  queryOptions({
    queryKey: allocationKeys.holderList(params),
    queryFn: () => getHolderAllocations(params),
    placeholderData: keepPreviousData,
  });

export function useHolderAllocations(params: HolderAllocationParams) {
  return useQuery(holderAllocationsQueryOptions(params));
}
