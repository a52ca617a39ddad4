import type { WebhookDeliveryListQuery } from '@portal/shared/webhooks';

/** One key factory for the feature: a change to an endpoint invalidates `event(eventId)`. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  event: (eventId: number) => [...webhookKeys.all, 'event', eventId] as const,
  endpoint: (id: number) => [...webhookKeys.all, 'endpoint', id] as const,
  deliveries: (id: number, query: Partial<WebhookDeliveryListQuery>) =>
    [...webhookKeys.endpoint(id), 'deliveries', query] as const,
};
