import { eventParamsSchema } from '@portal/shared/badge-categories';
import { idParamsSchema, itemResponseSchema, listResponseSchema } from '@portal/shared/common';
import {
  webhookDeliveryListQuerySchema,
  webhookDeliverySchema,
  webhookEndpointBodySchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from '@portal/shared/webhooks';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { errorResponses as errors } from '../../lib/route-schemas';
import { requires } from '../../plugins/access';
import type { WebhooksService } from './webhooks.service';

const tags = ['webhooks'];
const endpointWithSecret = itemResponseSchema(webhookEndpointWithSecretSchema);
const delivery = itemResponseSchema(webhookDeliverySchema);

/**
 * Webhook endpoints (docs/webhooks.md): the organiser's under its event, an exhibitor's for its own
 * records (the same routes; the caller's scope decides whose endpoints it manages).
 */
export async function webhooksRoutes(app: FastifyInstance, { webhooks }: { webhooks: WebhooksService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: requires('manage_webhooks') };

  routes.route({
    method: 'GET',
    url: '/admin/events/:eventId/webhooks',
    config,
    schema: {
      tags,
      summary: 'The caller’s webhook endpoints of the event (an organiser’s, or an exhibitor’s own); no secrets',
      params: eventParamsSchema,
      response: { 200: itemResponseSchema(z.array(webhookEndpointSchema)), ...errors },
    },
    handler: async (request) => ({ data: await webhooks.list(actorOf(request), request.params.eventId) }),
  });

  routes.route({
    method: 'POST',
    url: '/admin/events/:eventId/webhooks',
    config,
    schema: {
      tags,
      summary:
        'Adds an endpoint; its address must be public (or allowed by the operator) and its signing secret is generated',
      params: eventParamsSchema,
      body: webhookEndpointBodySchema,
      response: { 201: endpointWithSecret, ...errors },
    },
    handler: async (request, reply) => {
      reply.code(201);
      return { data: await webhooks.create(actorOf(request), request.params.eventId, request.body) };
    },
  });

  routes.route({
    method: 'GET',
    url: '/admin/webhooks/:id',
    config,
    schema: {
      tags,
      summary: 'One endpoint with its signing secret',
      params: idParamsSchema,
      response: { 200: endpointWithSecret, ...errors },
    },
    handler: async (request) => ({ data: await webhooks.get(actorOf(request), request.params.id) }),
  });

  routes.route({
    method: 'PUT',
    url: '/admin/webhooks/:id',
    config,
    schema: {
      tags,
      summary: 'Changes the address, description, event types, or turns the endpoint on or off',
      params: idParamsSchema,
      body: webhookEndpointBodySchema,
      response: { 200: endpointWithSecret, ...errors },
    },
    handler: async (request) => ({ data: await webhooks.update(actorOf(request), request.params.id, request.body) }),
  });

  routes.route({
    method: 'DELETE',
    url: '/admin/webhooks/:id',
    config,
    schema: {
      tags,
      summary: 'Deletes the endpoint with its delivery log',
      params: idParamsSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await webhooks.remove(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  routes.route({
    method: 'POST',
    url: '/admin/webhooks/:id/rotate-secret',
    config,
    schema: {
      tags,
      summary: 'A new signing secret; the previous one keeps signing beside it for 24 hours',
      params: idParamsSchema,
      response: { 200: endpointWithSecret, ...errors },
    },
    handler: async (request) => ({ data: await webhooks.rotateSecret(actorOf(request), request.params.id) }),
  });

  routes.route({
    method: 'POST',
    url: '/admin/webhooks/:id/test',
    config,
    schema: {
      tags,
      summary: 'Queues a webhook.test message to the endpoint',
      params: idParamsSchema,
      response: { 202: delivery, ...errors },
    },
    handler: async (request, reply) => {
      reply.code(202);
      return { data: await webhooks.sendTest(actorOf(request), request.params.id) };
    },
  });

  routes.route({
    method: 'GET',
    url: '/admin/webhooks/:id/deliveries',
    config,
    schema: {
      tags,
      summary: 'The endpoint’s delivery log, newest first, with each message’s last answer and time',
      params: idParamsSchema,
      querystring: webhookDeliveryListQuerySchema,
      response: { 200: listResponseSchema(webhookDeliverySchema), ...errors },
    },
    handler: (request) => webhooks.listDeliveries(actorOf(request), request.params.id, request.query),
  });

  routes.route({
    method: 'POST',
    url: '/admin/webhook-deliveries/:id/redeliver',
    config,
    schema: {
      tags,
      summary: 'Sends one message again now, with the same webhook-id',
      params: idParamsSchema,
      response: { 202: delivery, ...errors },
    },
    handler: async (request, reply) => {
      reply.code(202);
      return { data: await webhooks.redeliver(actorOf(request), request.params.id) };
    },
  });
}
