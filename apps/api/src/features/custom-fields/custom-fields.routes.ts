import { idParamsSchema, itemResponseSchema, listResponseSchema } from '@portal/shared/common';
import {
  categoryFieldsQuerySchema,
  createCustomFieldBodySchema,
  customFieldSchema,
  customFieldsDocumentSchema,
  exportQuerySchema,
  importBodySchema,
  importReportSchema,
  listCustomFieldsQuerySchema,
  publicCategoryFieldsQuerySchema,
  publicCustomFieldSchema,
  reorderCustomFieldsBodySchema,
  updateCustomFieldBodySchema,
} from '@portal/shared/custom-fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { errorResponses as errors } from '../../lib/route-schemas';
import { publicRoute, requires, requiresAny } from '../../plugins/access';
import type { CustomFieldsService } from './custom-fields.service';

const field = itemResponseSchema(customFieldSchema);
const fieldList = itemResponseSchema(z.array(customFieldSchema));
const report = itemResponseSchema(importReportSchema);
const tags = ['custom-fields'];
/**
 * The definition calls serve two kinds of field (docs/leads.md#qualifier-questions): the organiser's
 * badge fields (view/manage_custom_fields) and an exhibitor's own lead questions (scan_leads). The
 * route lets either in; the service decides by the field's entity type, and reaches lead questions
 * of the caller's own exhibitor only.
 */
const view = requiresAny('view_custom_fields', 'manage_custom_fields', 'scan_leads');
const write = requiresAny('manage_custom_fields', 'scan_leads');
const manage = requires('manage_custom_fields');
// A file of 500 fields with their options fits; the API's default of 1 MiB may not.
const importBodyLimit = 5 * 1024 * 1024;

export async function customFieldsRoutes(app: FastifyInstance, { customFields }: { customFields: CustomFieldsService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'GET',
    url: '/custom-fields',
    config: { access: view },
    schema: { tags, querystring: listCustomFieldsQuerySchema, response: { 200: listResponseSchema(customFieldSchema), ...errors } },
    handler: (request) => customFields.listFields(actorOf(request), request.query),
  });

  routes.route({
    method: 'GET',
    url: '/custom-fields/:id',
    config: { access: view },
    schema: { tags, params: idParamsSchema, response: { 200: field, ...errors } },
    handler: async (request) => ({ data: await customFields.getField(actorOf(request), request.params.id) }),
  });

  routes.route({
    method: 'POST',
    url: '/custom-fields',
    config: { access: write },
    schema: { tags, body: createCustomFieldBodySchema, response: { 201: field, ...errors } },
    handler: async (request, reply) => reply.code(201).send({ data: await customFields.createField(actorOf(request), request.body) }),
  });

  routes.route({
    method: 'PUT',
    url: '/custom-fields/order',
    config: { access: write },
    schema: {
      tags,
      summary: 'Sets the order of one group of fields: the event-wide ones, one category’s, or the caller’s lead questions',
      body: reorderCustomFieldsBodySchema,
      response: { 200: fieldList, ...errors },
    },
    handler: async (request) => ({ data: await customFields.reorderFields(actorOf(request), request.body) }),
  });

  routes.route({
    method: 'PUT',
    url: '/custom-fields/:id',
    config: { access: write },
    schema: { tags, params: idParamsSchema, body: updateCustomFieldBodySchema, response: { 200: field, ...errors } },
    handler: async (request) => ({ data: await customFields.updateField(actorOf(request), request.params.id, request.body) }),
  });

  routes.route({
    method: 'DELETE',
    url: '/custom-fields/:id',
    config: { access: write },
    schema: { tags, params: idParamsSchema, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await customFields.deleteField(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  routes.route({
    method: 'GET',
    url: '/admin/custom-fields/badge-category/:id',
    config: { access: requiresAny('view_custom_fields', 'manage_custom_fields') },
    schema: { tags, params: idParamsSchema, querystring: categoryFieldsQuerySchema, response: { 200: fieldList, ...errors } },
    handler: async (request) => ({ data: await customFields.listCategoryFields(actorOf(request), request.params.id, request.query) }),
  });

  routes.route({
    method: 'GET',
    url: '/custom-fields/badge-category/:id',
    config: { access: publicRoute },
    schema: {
      tags,
      summary: 'The active fields of a registration form (no sign-in)',
      params: idParamsSchema,
      querystring: publicCategoryFieldsQuerySchema,
      response: { 200: itemResponseSchema(z.array(publicCustomFieldSchema)), ...errors },
    },
    handler: async (request) => ({ data: await customFields.listRegistrationFields(request.params.id, request.query) }),
  });

  routes.route({
    method: 'GET',
    url: '/custom-fields/export',
    config: { access: manage },
    schema: { tags, querystring: exportQuerySchema, response: { 200: customFieldsDocumentSchema, ...errors } },
    handler: async (request, reply) => {
      const document = await customFields.exportFields(actorOf(request), request.query);
      const day = document.exportedAt.slice(0, 10);
      return reply.header('content-disposition', `attachment; filename="custom-fields-${day}.json"`).send(document);
    },
  });

  routes.route({
    method: 'POST',
    url: '/custom-fields/import/preview',
    config: { access: manage },
    bodyLimit: importBodyLimit,
    schema: { tags, summary: 'What an import would do, without doing it', body: importBodySchema, response: { 200: report, ...errors } },
    handler: async (request) => ({ data: await customFields.previewImport(actorOf(request), request.body) }),
  });

  routes.route({
    method: 'POST',
    url: '/custom-fields/import',
    config: { access: manage },
    bodyLimit: importBodyLimit,
    schema: { tags, summary: 'Imports an export file into an event, all or nothing', body: importBodySchema, response: { 200: report, ...errors } },
    handler: async (request) => ({ data: await customFields.importFields(actorOf(request), request.body) }),
  });
}
