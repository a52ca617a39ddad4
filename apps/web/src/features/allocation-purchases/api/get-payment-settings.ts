import type { PaymentSettings } from '@portal/shared/allocation-purchases';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { purchaseKeys } from './purchase-keys';

/** How this portal takes payments; public, since the payment pages are. */
export async function getPaymentSettings(): Promise<PaymentSettings> {
  const { data } = await api.get<{ data: PaymentSettings }>('/payments/settings', { skipAuth: true });
  return data.data;
}

export const paymentSettingsQueryOptions = () =>
  queryOptions({ queryKey: purchaseKeys.paymentSettings(), queryFn: getPaymentSettings, staleTime: Infinity });

export function usePaymentSettings() {
  return useQuery(paymentSettingsQueryOptions());
}
