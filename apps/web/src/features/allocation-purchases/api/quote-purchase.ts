import type { CreateAllocationPurchaseBody, PurchaseQuote } from '@portal/shared/allocation-purchases';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { purchaseKeys } from './purchase-keys';

/** What a request would cost, VAT included, as the server will charge it; nothing is written. */
export async function quotePurchase(body: CreateAllocationPurchaseBody, signal?: AbortSignal): Promise<PurchaseQuote> {
  const { data } = await api.post<{ data: PurchaseQuote }>('/admin/allocation-purchases/quote', body, { signal });
  return data.data;
}

export const purchaseQuoteQueryOptions = (body: CreateAllocationPurchaseBody) =>
  queryOptions({
    queryKey: purchaseKeys.quote(body),
    queryFn: ({ signal }) => quotePurchase(body, signal),
    // A rate or a price changed by the organiser shows at the next change of the request.
    staleTime: 0,
  });

/** The quote of `body`, or nothing while the request is not complete; the last figures stay while the next load. */
export function usePurchaseQuote(body: CreateAllocationPurchaseBody | null) {
  return useQuery({
    ...purchaseQuoteQueryOptions(body ?? { badgeCategoryId: 0, quantity: 0 }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
}
