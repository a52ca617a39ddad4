import { eventParamsSchema } from '@portal/shared/badge-categories';
import { checkInListBodySchema, checkInListSchema } from '@portal/shared/check-in';
import { idParamsSchema, itemResponseSchema } from '@portal/shared/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { errorResponses as errors } from '../../lib/route-schemas';
import { requires, requiresAny } from '../../plugins/access';
import type { CheckInListsService } from './check-in-lists.service';

const list = itemResponseSchema(checkInListSchema);
const tags = ['check-in'];

/** The event's check-in lists and their rules (docs/check-in.md). */
export async function checkInListsRoutes(
  app: FastifyInstance,
  { checkInLists }: { checkInLists: CheckInListsService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const manage = { access: requires('manage_check_in') };

  routes.route({
    method: 'GET',
    url: '/admin/events/:eventId/check-in-lists',
    config: { access: requiresAny('view_check_ins', 'manage_check_in') },
    schema: {
      tags,
      summary: 'The event’s check-in lists',
      params: eventParamsSchema,
      response: { 200: z.object({ data: z.array(checkInListSchema) }), ...errors },
    },
    handler: async (request) => ({ data: await checkInLists.list(actorOf(request), request.params.eventId) }),
  });

  routes.route({
    method: 'POST',
    url: '/admin/events/:eventId/check-in-lists',
    config: manage,
    schema: {
      tags,
      summary: 'Creates a check-in list',
      params: eventParamsSchema,
      body: checkInListBodySchema,
      response: { 201: list, ...errors },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ data: await checkInLists.create(actorOf(request), request.params.eventId, request.body) }),
  });

  routes.route({
    method: 'PUT',
    url: '/admin/check-in-lists/:id',
    config: manage,
    schema: {
      tags,
      summary: 'Changes a check-in list and its rules',
      params: idParamsSchema,
      body: checkInListBodySchema,
      response: { 200: list, ...errors },
    },
    handler: async (request) => ({
      data: await checkInLists.update(actorOf(request), request.params.id, request.body),
    }),
  });

  routes.route({
    method: 'DELETE',
    url: '/admin/check-in-lists/:id',
    config: manage,
    schema: {
      tags,
      summary: 'Deletes a check-in list no badge was scanned at (409 otherwise)',
      params: idParamsSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await checkInLists.remove(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });
}
