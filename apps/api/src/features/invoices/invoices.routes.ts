import { billingDocumentSchema } from '@portal/shared/allocation-purchases';
import { idParamsSchema, itemResponseSchema } from '@portal/shared/common';
import { eventParamsSchema } from '@portal/shared/badge-categories';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { errorResponses as errors } from '../../lib/route-schemas';
import { requires } from '../../plugins/access';
import type { InvoicesService } from './invoices.service';

const document = itemResponseSchema(billingDocumentSchema);
const tags = ['invoices'];

/** Issued documents as JSON: the web app renders them into PDFs in the browser. */
export async function invoicesRoutes(app: FastifyInstance, { invoices }: { invoices: InvoicesService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'GET',
    url: '/admin/allocation-purchases/:id/invoice',
    config: { access: requires('view_allocation_purchase') },
    schema: { tags, params: idParamsSchema, response: { 200: document, ...errors } },
    handler: async (request) => ({ data: await invoices.getInvoice(actorOf(request), request.params.id) }),
  });

  routes.route({
    method: 'GET',
    url: '/admin/credit-notes/:id',
    config: { access: requires('view_allocation_purchase') },
    schema: { tags, params: idParamsSchema, response: { 200: document, ...errors } },
    handler: async (request) => ({ data: await invoices.getCreditNote(actorOf(request), request.params.id) }),
  });

  routes.route({
    method: 'GET',
    url: '/admin/events/:eventId/invoices',
    config: { access: requires('view_allocation_purchase') },
    schema: {
      tags,
      params: eventParamsSchema,
      response: { 200: z.object({ data: z.array(billingDocumentSchema) }), ...errors },
    },
    handler: async (request) => ({ data: await invoices.eventDocuments(actorOf(request), request.params.eventId) }),
  });
}
