import type { AllocationPurchase, RefundBody } from '@portal/shared/allocation-purchases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Gives back part or all of a payment; the allocation shrinks and a credit note is issued. */
export async function refundPurchase({ id, body }: { id: number; body: RefundBody }): Promise<AllocationPurchase> {
  const { data } = await api.post<{ data: AllocationPurchase }>(`/admin/allocation-purchases/${id}/refunds`, body);
  return data.data;
}

export function useRefundPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundPurchase,
    // A payment or refund also changes the exhibitor's allocation, its places and the dashboard,
    // which other features cache under their own keys: everything cached is marked stale.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
