import type { Allocation } from '@portal/shared/allocations';
import { MAX_PAGE_SIZE } from '@portal/shared/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListResponse } from '@/lib/api-types';
import { purchaseKeys } from './purchase-keys';

/** The signed-in account's own badge allocations: the places it has, beside the places it asks for. */
export async function getOwnAllocations(adminId: number): Promise<Allocation[]> {
  const { data } = await api.get<ListResponse<Allocation>>('/admin/allocations', {
    params: { adminId, type: 'badge', per_page: MAX_PAGE_SIZE },
  });
  return data.data;
}

export const ownAllocationsQueryOptions = (adminId: number) =>
  queryOptions({ queryKey: purchaseKeys.ownAllocations(adminId), queryFn: () => getOwnAllocations(adminId) });

export function useOwnAllocations(adminId: number | null) {
  return useQuery({ ...ownAllocationsQueryOptions(adminId ?? 0), enabled: adminId != null });
}
