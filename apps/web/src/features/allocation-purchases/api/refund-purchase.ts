import type { AllocationPurchase, RefundBody } from '@portal/shared/allocation-purchases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { purchaseKeys } from './purchase-keys';

/** Gives back part or all of a payment; the allocation shrinks and a credit note is issued. */
export async function refundPurchase({ id, body }: { id: number; body: RefundBody }): Promise<AllocationPurchase> {
  const { data } = await api.post<{ data: AllocationPurchase }>(`/admin/allocation-purchases/${id}/refunds`, body);
  return data.data;
}

export function useRefundPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundPurchase,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: purchaseKeys.all }),
  });
}
