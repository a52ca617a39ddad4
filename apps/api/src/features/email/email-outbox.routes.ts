import { idParamsSchema, itemResponseSchema, listResponseSchema } from '@portal/shared/common';
import { listOutboxQuerySchema, outboxMessageSchema } from '@portal/shared/email-outbox';
import { exportQuerySchema } from '@portal/shared/exports';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { exportResponse, sendExport } from '../../lib/list-export';
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
    method: 'GET',
    url: '/admin/email-outbox/export',
    config: { access: requires('view_email_outbox', 'export_data') },
    schema: {
      tags,
      summary: 'The messages of the list’s filters, scope and sort as an .xlsx or CSV file, streamed (no bodies)',
      querystring: exportQuerySchema(listOutboxQuerySchema),
      response: { 200: exportResponse('One row a message'), ...errors },
    },
    handler: async (request, reply) => {
      const { format, ...filter } = request.query;
      return sendExport(reply, format, await emailOutbox.exportMessages(actorOf(request), filter, format));
    },
  });

  routes.route({
    method: 'POST',
    url: '/admin/email-outbox/:id/retry',
    config: { access: requires('view_email_outbox') },
    schema: { tags, params: idParamsSchema, response: { 200: itemResponseSchema(outboxMessageSchema), ...errors } },
    handler: async (request) => ({ data: await emailOutbox.retryMessage(actorOf(request), request.params.id) }),
  });
}
