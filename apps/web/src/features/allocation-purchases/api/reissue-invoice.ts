import type { AllocationPurchase, ReissueInvoiceBody } from '@portal/shared/allocation-purchases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { purchaseKeys } from './purchase-keys';

/** Cancels the current invoice with a credit note and issues a corrected one. */
export async function reissueInvoice({
  id,
  body,
}: {
  id: number;
  body: ReissueInvoiceBody;
}): Promise<AllocationPurchase> {
  const { data } = await api.post<{ data: AllocationPurchase }>(
    `/admin/allocation-purchases/${id}/reissue-invoice`,
    body,
  );
  return data.data;
}

export function useReissueInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reissueInvoice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: purchaseKeys.all }),
  });
}
