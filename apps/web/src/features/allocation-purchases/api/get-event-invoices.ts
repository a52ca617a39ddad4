import type { BillingDocument } from '@portal/shared/allocation-purchases';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { purchaseKeys } from './purchase-keys';

/** Every invoice the event has issued, for one PDF of them all. */
export async function getEventInvoices(eventId: number): Promise<BillingDocument[]> {
  const { data } = await api.get<{ data: BillingDocument[] }>(`/admin/events/${eventId}/invoices`);
  return data.data;
}

export const eventInvoicesQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: purchaseKeys.eventInvoices(eventId), queryFn: () => getEventInvoices(eventId) });
