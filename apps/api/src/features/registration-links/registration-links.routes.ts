import { itemResponseSchema, listResponseSchema } from '@portal/shared/common';
import { z } from 'zod';
import {
  createExhibitorLinkBodySchema,
  linkParamsSchema,
  listRegistrationLinksQuerySchema,
  publicRegistrationLinkSchema,
  registerExhibitorBodySchema,
  registrationReceivedSchema,
  registrationLinkSchema,
} from '@portal/shared/registration-links';
import { errorBodySchema } from '@portal/shared/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { errorResponses as errors } from '../../lib/route-schemas';
import { publicRoute, requires } from '../../plugins/access';
import type { RegistrationLinksService } from './registration-links.service';

const tags = ['registration-links'];
const gone = { 410: errorBodySchema };

export async function registrationLinksRoutes(
  app: FastifyInstance,
  { registrationLinks }: { registrationLinks: RegistrationLinksService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'POST',
    url: '/admin/registration-links',
    config: { access: requires('create_exhibitor') },
    schema: { tags, body: createExhibitorLinkBodySchema, response: { 201: itemResponseSchema(registrationLinkSchema), ...errors } },
    handler: async (request, reply) =>
      reply.code(201).send({ data: await registrationLinks.createExhibitorLink(actorOf(request), request.body) }),
  });

  routes.route({
    method: 'GET',
    url: '/admin/registration-links',
    config: { access: requires('create_exhibitor') },
    schema: { tags, querystring: listRegistrationLinksQuerySchema, response: { 200: listResponseSchema(registrationLinkSchema), ...errors } },
    handler: (request) => registrationLinks.listLinks(actorOf(request), request.query),
  });

  routes.route({
    method: 'DELETE',
    url: '/admin/registration-links/:id',
    config: { access: requires('create_exhibitor') },
    schema: { tags, summary: 'Revokes a link', params: linkParamsSchema, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await registrationLinks.revokeLink(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  routes.route({
    method: 'GET',
    url: '/registration-links/:id',
    config: { access: publicRoute },
    schema: { tags, params: linkParamsSchema, response: { 200: itemResponseSchema(publicRegistrationLinkSchema), ...errors, ...gone } },
    handler: async (request) => ({ data: await registrationLinks.getPublicLink(request.params.id) }),
  });

  routes.route({
    method: 'POST',
    url: '/admin/registration-links/:id/create',
    config: { access: publicRoute },
    schema: {
      tags,
      summary:
        'A company registers itself as an exhibitor through an exhibitor link (no sign-in); 202 alike for a new and a known email, the next step is emailed',
      params: linkParamsSchema,
      body: registerExhibitorBodySchema,
      response: { 202: itemResponseSchema(registrationReceivedSchema), ...errors, ...gone },
    },
    handler: async (request, reply) =>
      reply.code(202).send({ data: await registrationLinks.registerExhibitor(request.params.id, request.body, request.ip) }),
  });
}
