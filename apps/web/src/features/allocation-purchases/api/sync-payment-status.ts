import type { PublicPaymentStatusBody } from '@portal/shared/allocation-purchases';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { purchaseKeys } from './purchase-keys';

/**
 * Asks the payment provider for the truth and answers the public status: the payer lands here
 * from the provider, signed in or not, and the provider's webhook may not have arrived yet.
 */
export async function syncPaymentStatus(purchaseId: number): Promise<PublicPaymentStatusBody> {
  const { data } = await api.get<{ data: PublicPaymentStatusBody }>(
    `/webhooks/allocation-purchases/${purchaseId}/sync-payment`,
    { skipAuth: true },
  );
  return data.data;
}

export const paymentStatusQueryOptions = (purchaseId: number) =>
  queryOptions({ queryKey: purchaseKeys.paymentStatus(purchaseId), queryFn: () => syncPaymentStatus(purchaseId) });

export function usePaymentStatus(purchaseId: number) {
  return useQuery({
    ...paymentStatusQueryOptions(purchaseId),
    enabled: Number.isInteger(purchaseId) && purchaseId > 0,
  });
}
