import type { WebhookEndpoint, WebhookEndpointBody, WebhookEndpointWithSecret } from '@portal/shared/webhooks';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { webhookKeys } from './webhook-keys';

export async function getEndpoints(eventId: number): Promise<WebhookEndpoint[]> {
  const { data } = await api.get<{ data: WebhookEndpoint[] }>(`/admin/events/${eventId}/webhooks`);
  return data.data;
}

export const endpointsQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: webhookKeys.event(eventId), queryFn: () => getEndpoints(eventId) });

export function useEndpoints(eventId: number) {
  return useQuery(endpointsQueryOptions(eventId));
}

/** One endpoint with its secret: read only when the user asks to see it. */
export async function getEndpoint(id: number): Promise<WebhookEndpointWithSecret> {
  const { data } = await api.get<{ data: WebhookEndpointWithSecret }>(`/admin/webhooks/${id}`);
  return data.data;
}

export async function createEndpoint({ eventId, body }: { eventId: number; body: WebhookEndpointBody }) {
  const { data } = await api.post<{ data: WebhookEndpointWithSecret }>(`/admin/events/${eventId}/webhooks`, body);
  return data.data;
}

export async function updateEndpoint({ id, body }: { id: number; body: WebhookEndpointBody }) {
  const { data } = await api.put<{ data: WebhookEndpointWithSecret }>(`/admin/webhooks/${id}`, body);
  return data.data;
}

export async function deleteEndpoint(id: number): Promise<void> {
  await api.delete(`/admin/webhooks/${id}`);
}

/** A new secret; the old one keeps signing for a day. */
export async function rotateSecret(id: number): Promise<WebhookEndpointWithSecret> {
  const { data } = await api.post<{ data: WebhookEndpointWithSecret }>(`/admin/webhooks/${id}/rotate-secret`);
  return data.data;
}

export async function sendTest(id: number): Promise<void> {
  await api.post(`/admin/webhooks/${id}/test`);
}

/** Every change may show in the list and in a delivery log (a test message): the feature's queries refresh. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhookKeys.all });
}

export function useCreateEndpoint(eventId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: WebhookEndpointBody) => createEndpoint({ eventId, body }),
    onSuccess: invalidate,
  });
}

export function useUpdateEndpoint() {
  return useMutation({ mutationFn: updateEndpoint, onSuccess: useInvalidate() });
}

export function useDeleteEndpoint() {
  return useMutation({ mutationFn: deleteEndpoint, onSuccess: useInvalidate() });
}

export function useRotateSecret() {
  return useMutation({ mutationFn: rotateSecret, onSuccess: useInvalidate() });
}

export function useSendTest() {
  return useMutation({ mutationFn: sendTest, onSuccess: useInvalidate() });
}
