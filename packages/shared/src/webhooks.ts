import { z } from 'zod';
import { isoDateTime, listQuerySchema } from './common';

/**
 * Webhooks (docs/webhooks.md): what the portal tells an organiser's or an exhibitor's own system,
 * signed as Standard Webhooks. The event types, endpoint and delivery shapes used by the API and
 * the web app alike.
 */

export const WEBHOOK_EVENT_TYPES = [
  'badge.created',
  'badge.updated',
  'badge.cancelled',
  'purchase.requested',
  'purchase.approved',
  'purchase.rejected',
  'purchase.paid',
  'purchase.refunded',
  'purchase.cancelled',
  'invoice.issued',
  'registration_link.used',
  'check_in.created',
  'lead.created',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The type of the message "Send test" sends; not subscribable, every endpoint takes it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Readonly<Record<WebhookEventType, string>> = {
  'badge.created': 'Badge created',
  'badge.updated': 'Badge updated',
  'badge.cancelled': 'Badge cancelled or deleted',
  'purchase.requested': 'Purchase requested',
  'purchase.approved': 'Purchase approved',
  'purchase.rejected': 'Purchase rejected',
  'purchase.paid': 'Purchase paid',
  'purchase.refunded': 'Purchase refunded',
  'purchase.cancelled': 'Purchase cancelled',
  'invoice.issued': 'Invoice issued',
  'registration_link.used': 'Registration link used',
  'check_in.created': 'Badge admitted at a door',
  'lead.created': 'Lead scanned at the booth',
};

/** How long the secret replaced by a rotation keeps signing, so a receiver can switch over. */
export const PREVIOUS_SECRET_HOURS = 24;
/** Attempts of one message before it is marked failed. */
export const WEBHOOK_MAX_ATTEMPTS = 8;
/** Failed messages in a row (or a day of nothing but failures) that turn an endpoint off. */
export const WEBHOOK_DISABLE_AFTER_FAILURES = 20;

const webhookUrl = z
  .string()
  .trim()
  .max(2000, 'At most 2000 characters')
  .pipe(z.url({ protocol: /^https?$/, error: 'An http(s) address, e.g. https://crm.example.com/hooks/portal' }))
  .refine((value) => !/^[a-z]+:\/\/[^/?#]*@/i.test(value), 'No user name or password in the address');

const eventTypesSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `One of: ${WEBHOOK_EVENT_TYPES.join(', ')}` }))
  .min(1, 'Choose at least one event type')
  .transform((types) => [...new Set(types)]);

export const webhookEndpointBodySchema = z.object({
  url: webhookUrl,
  description: z.string().trim().max(500, 'At most 500 characters').default(''),
  eventTypes: eventTypesSchema,
  enabled: z.boolean().default(true),
});
export type WebhookEndpointBody = z.input<typeof webhookEndpointBodySchema>;

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  /** The exhibitor (its account id) whose endpoint it is; null for the organiser's. */
  exhibitorId: z.number().int().nullable(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.string()),
  enabled: z.boolean(),
  /** Why the portal turned it off (repeated failure); null otherwise. */
  disabledReason: z.string().nullable(),
  consecutiveFailures: z.number().int(),
  /** Until when the previous secret still signs, after a rotation. */
  previousSecretExpiresAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** An endpoint with its signing secret: answered to create, read and rotate, never in a list. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  messageId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: isoDateTime,
  lastStatusCode: z.number().int().nullable(),
  lastDurationMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  deliveredAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  payload: z.unknown(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListQuerySchema = listQuerySchema.omit({ search: true }).extend({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
});
export type WebhookDeliveryListQuery = z.infer<typeof webhookDeliveryListQuerySchema>;

/** What every message carries: the event type, when it happened, and the record after the change. */
export type WebhookPayload = { type: string; timestamp: string; data: Record<string, unknown> };
