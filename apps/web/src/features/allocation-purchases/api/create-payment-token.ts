import type { PaymentToken } from '@portal/shared/allocation-purchases';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Opens a payment with the configured provider: where the browser goes to pay. */
export async function createPaymentToken(purchaseId: number): Promise<PaymentToken> {
  const { data } = await api.post<{ data: PaymentToken }>(`/admin/allocation-purchases/${purchaseId}/payment-token`);
  return data.data;
}

export function useCreatePaymentToken() {
  return useMutation({ mutationFn: createPaymentToken });
}
