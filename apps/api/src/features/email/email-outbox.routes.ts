import { idParamsSchema, itemResponseSchema, listResponseSchema } from '@portal/shared/common';
import { listOutboxQuerySchema, outboxMessageSchema } from '@portal/shared/email-outbox';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { errorResponses as errors } from '../../lib/route-schemas';
import { requires } from '../../plugins/access';
import type { EmailOutboxService } from './email-outbox.service';

const tags = ['email-outbox'];

export async function emailOutboxRoutes(app: FastifyInstance, { emailOutbox }: { emailOutbox: EmailOutboxService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'GET',
    url: '/admin/email-outbox',
    config: { access: requires('view_email_outbox') },
    schema: {
      tags,
      querystring: listOutboxQuerySchema,
      response: { 200: listResponseSchema(outboxMessageSchema), ...errors },
    },
    handler: (request) => emailOutbox.listMessages(actorOf(request), request.query),
  });

  routes.route({
    method: 'POST',
    url: '/admin/email-outbox/:id/retry',
    config: { access: requires('view_email_outbox') },
    schema: { tags, params: idParamsSchema, response: { 200: itemResponseSchema(outboxMessageSchema), ...errors } },
    handler: async (request) => ({ data: await emailOutbox.retryMessage(actorOf(request), request.params.id) }),
  });
}
