import type { CreatePaymentBody } from '@portal/shared/allocation-purchases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Records a bank transfer the organiser has received (the manual provider). */
export async function recordPayment(body: CreatePaymentBody): Promise<void> {
  await api.post('/payments', body);
}

export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPayment,
    // A payment or refund also changes the exhibitor's allocation, its places and the dashboard,
    // which other features cache under their own keys: everything cached is marked stale.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
