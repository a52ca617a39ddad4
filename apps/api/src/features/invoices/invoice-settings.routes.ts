import { idParamsSchema, itemResponseSchema } from '@portal/shared/common';
import { invoiceSettingsSchema, LOGO_FIELD, LOGO_MAX_BYTES, updateInvoiceSettingsBodySchema } from '@portal/shared/invoicing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { multipartForm } from '../../lib/multipart-form';
import { sendPicture } from '../files/picture-upload';
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
  const logoForm = multipartForm({
    fields: [],
    maxFiles: 1,
    maxFileBytes: LOGO_MAX_BYTES,
    fileField: LOGO_FIELD,
    files: (request) => invoiceSettings.logoRules(actorOf(request), (request.params as { id: number }).id),
    receive: (part) => invoiceSettings.receiveLogo(part),
    discard: (uploads) => invoiceSettings.discardLogos(uploads),
  });

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

  routes.route({
    method: 'GET',
    url: '/events/:id/invoicing/logo',
    config: { access: requires('update_event') },
    schema: { tags, summary: 'The issuer logo, for the settings form’s preview', params: idParamsSchema },
    handler: async (request, reply) => {
      const { file, content } = await invoiceSettings.openLogo(actorOf(request), request.params.id);
      return sendPicture(reply, { ...file, content });
    },
  });

  routes.route({
    method: 'PUT',
    url: '/events/:id/invoicing/logo',
    config: { access: requires('update_event') },
    preValidation: logoForm.preValidation,
    schema: {
      tags,
      summary: `Sets the issuer logo: a multipart form with one PNG or JPEG of at most 1 MiB as \`${LOGO_FIELD}\``,
      params: idParamsSchema,
      response: { 200: settings, ...errors },
    },
    handler: async (request) => ({
      data: await invoiceSettings.replaceLogo(actorOf(request), request.params.id, logoForm.files(request).get(LOGO_FIELD)),
    }),
  });

  routes.route({
    method: 'DELETE',
    url: '/events/:id/invoicing/logo',
    config: { access: requires('update_event') },
    schema: {
      tags,
      summary: 'Removes the issuer logo from documents issued from now on; those issued keep theirs',
      params: idParamsSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await invoiceSettings.removeLogo(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });
}
