import type { PublicPaymentStatusBody } from '@portal/shared/allocation-purchases';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { purchaseKeys } from './purchase-keys';

/**
 * Asks the payment provider for the truth and answers the public status: the payer lands here
 * from the provider, signed in or not, and the provider's webhook may not have arrived yet. The
 * API opens it with the signed `token` of the provider's return link, or else with the session of
 * someone who may see the purchase (sent when signed in).
 */
export async function syncPaymentStatus(purchaseId: number, token: string | null): Promise<PublicPaymentStatusBody> {
  const { data } = await api.get<{ data: PublicPaymentStatusBody }>(
    `/webhooks/allocation-purchases/${purchaseId}/sync-payment`,
    token ? { params: { t: token } } : {},
  );
  return data.data;
}

export const paymentStatusQueryOptions = (purchaseId: number, token: string | null) =>
  queryOptions({
    queryKey: purchaseKeys.paymentStatus(purchaseId),
    queryFn: () => syncPaymentStatus(purchaseId, token),
  });

/**
 * Always asked afresh: the payer comes back here after each checkout, and an answer kept from the
 * last visit (a failed payment) must never stand for the newest one (paid).
 */
export function usePaymentStatus(purchaseId: number, token: string | null) {
  return useQuery({
    ...paymentStatusQueryOptions(purchaseId, token),
    staleTime: 0,
    gcTime: 0,
    enabled: Number.isInteger(purchaseId) && purchaseId > 0,
  });
}
