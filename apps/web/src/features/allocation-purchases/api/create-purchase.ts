import type { AllocationPurchase, CreateAllocationPurchaseBody } from '@portal/shared/allocation-purchases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { purchaseKeys } from './purchase-keys';

/** Asks for more places of a category; the server prices the request. */
export async function createPurchase(body: CreateAllocationPurchaseBody): Promise<AllocationPurchase> {
  const { data } = await api.post<{ data: AllocationPurchase }>('/admin/allocation-purchases', body);
  return data.data;
}

export function useCreatePurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPurchase,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: purchaseKeys.all }),
  });
}
