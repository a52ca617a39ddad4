import { apiTokenSchema, createApiTokenBodySchema, createdApiTokenSchema } from '@portal/shared/api-tokens';
import { idParamsSchema, itemResponseSchema } from '@portal/shared/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { errorResponses as errors } from '../../lib/route-schemas';
import { signedIn } from '../../plugins/access';
import type { ApiTokensService } from './api-tokens.service';

const tags = ['api-tokens'];
/** Every signed-in account manages its own tokens, from a session only: a token never makes or ends tokens. */
const config = { access: signedIn, sessionOnly: true } as const;

export async function apiTokensRoutes(app: FastifyInstance, { apiTokens }: { apiTokens: ApiTokensService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'GET',
    url: '/admin/api-tokens',
    config,
    schema: {
      tags,
      summary: 'The caller’s own API tokens, newest first, without their secrets',
      response: { 200: z.object({ data: z.array(apiTokenSchema) }), ...errors },
    },
    handler: async (request) => ({ data: await apiTokens.list(actorOf(request)) }),
  });

  routes.route({
    method: 'POST',
    url: '/admin/api-tokens',
    config,
    schema: {
      tags,
      summary: 'Creates an API token with some of the caller’s own permissions and answers its secret, this once',
      body: createApiTokenBodySchema,
      response: { 201: itemResponseSchema(createdApiTokenSchema), ...errors },
    },
    handler: async (request, reply) => reply.code(201).send({ data: await apiTokens.create(actorOf(request), request.body) }),
  });

  routes.route({
    method: 'POST',
    url: '/admin/api-tokens/:id/revoke',
    config,
    schema: {
      tags,
      summary: 'Revokes one of the caller’s own API tokens for good',
      params: idParamsSchema,
      response: { 200: itemResponseSchema(apiTokenSchema), ...errors },
    },
    handler: async (request) => ({ data: await apiTokens.revoke(actorOf(request), request.params.id) }),
  });
}
