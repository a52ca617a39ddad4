import type { Allocation, BulkAllocationsBody } from '@portal/shared/allocations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { allocationKeys } from './allocation-keys';

/** Many exhibitors × categories at once; all or nothing. */
export async function bulkSetAllocations(body: BulkAllocationsBody): Promise<Allocation[]> {
  const { data } = await api.post<{ data: Allocation[] }>('/admin/allocations/bulk', body);
  return data.data;
}

export function useBulkSetAllocations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkSetAllocations,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: allocationKeys.all }),
  });
}
