import type { Allocation, AllocationBody } from '@portal/shared/allocations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { allocationKeys } from './allocation-keys';

/** Sets a holder's quantity of one category, creating the allocation when missing. */
export async function setAllocation(body: AllocationBody): Promise<Allocation> {
  const { data } = await api.put<{ data: Allocation }>('/admin/allocations', body);
  return data.data;
}

export function useSetAllocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAllocation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: allocationKeys.all }),
  });
}
