import type { BillingDocument } from '@portal/shared/allocation-purchases';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { purchaseKeys } from './purchase-keys';

export async function getCreditNote(id: number): Promise<BillingDocument> {
  const { data } = await api.get<{ data: BillingDocument }>(`/admin/credit-notes/${id}`);
  return data.data;
}

export const creditNoteQueryOptions = (id: number) =>
  queryOptions({ queryKey: purchaseKeys.creditNote(id), queryFn: () => getCreditNote(id) });

export function useCreditNote(id: number, enabled = true) {
  return useQuery({ ...creditNoteQueryOptions(id), enabled });
}
