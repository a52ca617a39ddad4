import type { AllocationPurchase } from '@portal/shared/allocation-purchases';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListResponse } from '@/lib/api-types';
import { purchaseKeys, type PurchaseListParams } from './purchase-keys';

/** The list's filters and sort as the API reads them, for the list and its export alike. */
export function purchaseQuery(params: Omit<PurchaseListParams, 'page'>) {
  return {
    sort: params.sort,
    eventId: params.eventId ?? undefined,
    exhibitorId: params.exhibitorId ?? undefined,
    badgeCategoryId: params.badgeCategoryId ?? undefined,
    status: params.status ?? undefined,
    is_paid: params.isPaid ?? undefined,
    from: params.from ?? undefined,
    to: params.to ?? undefined,
  };
}

export async function getPurchases(params: PurchaseListParams): Promise<ListResponse<AllocationPurchase>> {
  const { data } = await api.get<ListResponse<AllocationPurchase>>('/admin/allocation-purchases', {
    params: { page: params.page, ...purchaseQuery(params) },
  });
  return data;
}

export const purchasesQueryOptions = (params: PurchaseListParams) =>
  queryOptions({
    queryKey: purchaseKeys.list(params),
    queryFn: () => getPurchases(params),
    placeholderData: keepPreviousData,
  });

export function usePurchases(params: PurchaseListParams) {
  return useQuery(purchasesQueryOptions(params));
}
