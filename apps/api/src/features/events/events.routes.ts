import { idParamsSchema, itemResponseSchema, listResponseSchema } from '@portal/shared/common';
import {
  eventBodySchema,
  eventCurrenciesSchema,
  eventSchema,
  listEventsQuerySchema,
  updateEventBodySchema,
} from '@portal/shared/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { errorResponses as errors } from '../../lib/route-schemas';
import { requires, requiresAny } from '../../plugins/access';
import type { EventsService } from './events.service';

const event = itemResponseSchema(eventSchema);
const tags = ['events'];

export async function eventsRoutes(app: FastifyInstance, { events }: { events: EventsService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'GET',
    url: '/events',
    config: { access: requires('view_events') },
    schema: { tags, querystring: listEventsQuerySchema, response: { 200: listResponseSchema(eventSchema), ...errors } },
    handler: (request) => events.listEvents(actorOf(request), request.query),
  });

  routes.route({
    method: 'GET',
    url: '/events/currencies',
    config: { access: requiresAny('create_event', 'update_event') },
    schema: {
      tags,
      summary: 'The currencies an event may charge in with the configured payment provider',
      response: { 200: itemResponseSchema(eventCurrenciesSchema), ...errors },
    },
    handler: () => ({ data: events.listCurrencies() }),
  });

  routes.route({
    method: 'GET',
    url: '/events/:id',
    config: { access: requires('view_events') },
    schema: { tags, params: idParamsSchema, response: { 200: event, ...errors } },
    handler: async (request) => ({ data: await events.getEvent(actorOf(request), request.params.id) }),
  });

  routes.route({
    method: 'POST',
    url: '/events',
    config: { access: requires('create_event') },
    schema: { tags, body: eventBodySchema, response: { 201: event, ...errors } },
    handler: async (request, reply) => reply.code(201).send({ data: await events.createEvent(actorOf(request), request.body) }),
  });

  routes.route({
    method: 'PUT',
    url: '/events/:id',
    config: { access: requires('update_event') },
    schema: { tags, params: idParamsSchema, body: updateEventBodySchema, response: { 200: event, ...errors } },
    handler: async (request) => ({ data: await events.updateEvent(actorOf(request), request.params.id, request.body) }),
  });

  routes.route({
    method: 'DELETE',
    url: '/events/:id',
    config: { access: requires('delete_event') },
    schema: { tags, params: idParamsSchema, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await events.deleteEvent(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });
}
