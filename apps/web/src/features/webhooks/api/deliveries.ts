import type { ListMeta } from '@portal/shared/common';
import type { WebhookDelivery, WebhookDeliveryListQuery } from '@portal/shared/webhooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { webhookKeys } from './webhook-keys';

type DeliveryPage = { data: WebhookDelivery[]; meta: ListMeta };

export async function getDeliveries(
  endpointId: number,
  query: Partial<WebhookDeliveryListQuery>,
): Promise<DeliveryPage> {
  const { data } = await api.get<DeliveryPage>(`/admin/webhooks/${endpointId}/deliveries`, { params: query });
  return data;
}

/** Refreshed while shown: messages go out and are retried in the background. */
export function useDeliveries(endpointId: number, query: Partial<WebhookDeliveryListQuery>) {
  return useQuery({
    queryKey: webhookKeys.deliveries(endpointId, query),
    queryFn: () => getDeliveries(endpointId, query),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
}

export async function redeliver(deliveryId: number): Promise<WebhookDelivery> {
  const { data } = await api.post<{ data: WebhookDelivery }>(`/admin/webhook-deliveries/${deliveryId}/redeliver`);
  return data.data;
}

export function useRedeliver(endpointId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeliver,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoint(endpointId) }),
  });
}
