import { idParamsSchema, itemResponseSchema } from '@portal/shared/common';
import { invoiceSettingsSchema, updateInvoiceSettingsBodySchema } from '@portal/shared/invoicing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { errorResponses as errors } from '../../lib/route-schemas';
import { requires } from '../../plugins/access';
import type { InvoiceSettingsService } from './invoice-settings.service';

const settings = itemResponseSchema(invoiceSettingsSchema);
const tags = ['invoices'];

/** Who issues an event's invoices and on what terms (docs/purchases.md). */
export async function invoiceSettingsRoutes(
  app: FastifyInstance,
  { invoiceSettings }: { invoiceSettings: InvoiceSettingsService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'GET',
    url: '/events/:id/invoicing',
    config: { access: requires('update_event') },
    schema: { tags, params: idParamsSchema, response: { 200: settings, ...errors } },
    handler: async (request) => ({ data: await invoiceSettings.get(actorOf(request), request.params.id) }),
  });

  routes.route({
    method: 'PUT',
    url: '/events/:id/invoicing',
    config: { access: requires('update_event') },
    schema: {
      tags,
      params: idParamsSchema,
      body: updateInvoiceSettingsBodySchema,
      response: { 200: settings, ...errors },
    },
    handler: async (request) => ({
      data: await invoiceSettings.update(actorOf(request), request.params.id, request.body),
    }),
  });
}
