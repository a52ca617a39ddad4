import type { AllocationPurchase, UpdateAllocationPurchaseBody } from '@portal/shared/allocation-purchases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { purchaseKeys } from './purchase-keys';

/** Approves (with the places granted), rejects (with a reason) or cancels a purchase. */
export async function updatePurchase({
  id,
  body,
}: {
  id: number;
  body: UpdateAllocationPurchaseBody;
}): Promise<AllocationPurchase> {
  const { data } = await api.put<{ data: AllocationPurchase }>(`/admin/allocation-purchases/${id}`, body);
  return data.data;
}

export function useUpdatePurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePurchase,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: purchaseKeys.all }),
  });
}
