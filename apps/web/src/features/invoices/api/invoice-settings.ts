import type { InvoiceSettings, UpdateInvoiceSettingsBody } from '@portal/shared/invoicing';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const invoiceSettingsKeys = {
  all: ['invoice-settings'] as const,
  event: (eventId: number) => [...invoiceSettingsKeys.all, eventId] as const,
};

export async function getInvoiceSettings(eventId: number): Promise<InvoiceSettings> {
  const { data } = await api.get<{ data: InvoiceSettings }>(`/events/${eventId}/invoicing`);
  return data.data;
}

export const invoiceSettingsQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: invoiceSettingsKeys.event(eventId), queryFn: () => getInvoiceSettings(eventId) });

export function useInvoiceSettings(eventId: number) {
  return useQuery(invoiceSettingsQueryOptions(eventId));
}

export async function updateInvoiceSettings({
  eventId,
  body,
}: {
  eventId: number;
  body: UpdateInvoiceSettingsBody;
}): Promise<InvoiceSettings> {
  const { data } = await api.put<{ data: InvoiceSettings }>(`/events/${eventId}/invoicing`, body);
  return data.data;
}

export function useUpdateInvoiceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInvoiceSettings,
    onSuccess: (saved) => queryClient.setQueryData(invoiceSettingsKeys.event(saved.eventId), saved),
  });
}
