import type { CreatePaymentBody } from '@portal/shared/allocation-purchases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { purchaseKeys } from './purchase-keys';

/** Records a bank transfer the organiser has received (the manual provider). */
export async function recordPayment(body: CreatePaymentBody): Promise<void> {
  await api.post('/payments', body);
}

export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPayment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: purchaseKeys.all }),
  });
}
