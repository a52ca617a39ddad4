import type { Allocation } from '@portal/shared/allocations';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListResponse } from '@/lib/api-types';
import { allocationKeys, type AllocationListParams } from './allocation-keys';

/** Allocations with the sub-accounts' child allocations, which an exhibitor hands out from its own. */
export async function getAllocations({
  page,
  search,
  type,
  eventId,
  badgeCategoryId,
  sort,
}: AllocationListParams): Promise<ListResponse<Allocation>> {
  const { data } = await api.get<ListResponse<Allocation>>('/admin/allocations', {
    params: {
      page,
      search: search || undefined,
      type,
      eventId: eventId ?? undefined,
      badgeCategoryId: badgeCategoryId ?? undefined,
      includeChildAllocations: true,
      sort,
    },
  });
  return data;
}

export const allocationsQueryOptions = (params: AllocationListParams) =>
  queryOptions({
    queryKey: allocationKeys.list(params),
    queryFn: () => getAllocations(params),
    placeholderData: keepPreviousData,
  });

export function useAllocations(params: AllocationListParams) {
  return useQuery(allocationsQueryOptions(params));
}
