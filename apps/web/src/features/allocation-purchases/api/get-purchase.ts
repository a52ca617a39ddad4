import type { AllocationPurchase } from '@portal/shared/allocation-purchases';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { purchaseKeys } from './purchase-keys';

export async function getPurchase(id: number): Promise<AllocationPurchase> {
  const { data } = await api.get<{ data: AllocationPurchase }>(`/admin/allocation-purchases/${id}`);
  return data.data;
}

export const purchaseQueryOptions = (id: number) =>
  queryOptions({ queryKey: purchaseKeys.detail(id), queryFn: () => getPurchase(id) });

export function usePurchase(id: number | null) {
  return useQuery({ ...purchaseQueryOptions(id ?? 0), enabled: id != null });
}
