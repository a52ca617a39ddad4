import type { BillingDocument } from '@portal/shared/allocation-purchases';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { purchaseKeys } from './purchase-keys';

/** The purchase's current invoice as issued. */
export async function getInvoice(purchaseId: number): Promise<BillingDocument> {
  const { data } = await api.get<{ data: BillingDocument }>(`/admin/allocation-purchases/${purchaseId}/invoice`);
  return data.data;
}

export const invoiceQueryOptions = (purchaseId: number) =>
  queryOptions({ queryKey: purchaseKeys.invoice(purchaseId), queryFn: () => getInvoice(purchaseId) });

export function useInvoice(purchaseId: number, enabled = true) {
  return useQuery({ ...invoiceQueryOptions(purchaseId), enabled });
}
