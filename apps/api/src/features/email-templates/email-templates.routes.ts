import { idParamsSchema, itemResponseSchema, listResponseSchema } from '@portal/shared/common';
import {
  cloneEmailTemplateBodySchema,
  createEmailTemplateBodySchema,
  emailTemplateSchema,
  listEmailTemplatesQuerySchema,
  previewEmailTemplateBodySchema,
  renderedEmailSchema,
  testSendResultSchema,
  updateEmailTemplateBodySchema,
} from '@portal/shared/email-templates';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { errorResponses as errors } from '../../lib/route-schemas';
import { requires, requiresAny } from '../../plugins/access';
import type { EmailTemplatesService } from './email-templates.service';

const template = itemResponseSchema(emailTemplateSchema);
const tags = ['email-templates'];
const editing = requiresAny('create_email_template', 'update_email_template');

export async function emailTemplatesRoutes(app: FastifyInstance, { emailTemplates }: { emailTemplates: EmailTemplatesService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'GET',
    url: '/admin/email-templates',
    config: { access: requires('view_email_templates') },
    schema: { tags, querystring: listEmailTemplatesQuerySchema, response: { 200: listResponseSchema(emailTemplateSchema), ...errors } },
    handler: (request) => emailTemplates.listTemplates(actorOf(request), request.query),
  });

  routes.route({
    method: 'GET',
    url: '/admin/email-templates/:id',
    config: { access: requires('view_email_templates') },
    schema: { tags, params: idParamsSchema, response: { 200: template, ...errors } },
    handler: async (request) => ({ data: await emailTemplates.getTemplate(actorOf(request), request.params.id) }),
  });

  routes.route({
    method: 'POST',
    url: '/admin/email-templates',
    config: { access: requires('create_email_template') },
    schema: { tags, body: createEmailTemplateBodySchema, response: { 201: template, ...errors } },
    handler: async (request, reply) => reply.code(201).send({ data: await emailTemplates.createTemplate(actorOf(request), request.body) }),
  });

  routes.route({
    method: 'PUT',
    url: '/admin/email-templates/:id',
    config: { access: requires('update_email_template') },
    schema: { tags, params: idParamsSchema, body: updateEmailTemplateBodySchema, response: { 200: template, ...errors } },
    handler: async (request) => ({ data: await emailTemplates.updateTemplate(actorOf(request), request.params.id, request.body) }),
  });

  routes.route({
    method: 'DELETE',
    url: '/admin/email-templates/:id',
    config: { access: requires('delete_email_template') },
    schema: { tags, params: idParamsSchema, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await emailTemplates.deleteTemplate(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  routes.route({
    method: 'POST',
    url: '/admin/email-templates/:id/clone',
    config: { access: requires('create_email_template') },
    schema: { tags, params: idParamsSchema, body: cloneEmailTemplateBodySchema, response: { 201: template, ...errors } },
    handler: async (request, reply) =>
      reply.code(201).send({ data: await emailTemplates.cloneTemplate(actorOf(request), request.params.id, request.body) }),
  });

  routes.route({
    method: 'POST',
    url: '/admin/email-templates/:id/test',
    config: { access: editing },
    schema: { tags, params: idParamsSchema, response: { 202: itemResponseSchema(testSendResultSchema), ...errors } },
    handler: async (request, reply) => reply.code(202).send({ data: await emailTemplates.sendTest(actorOf(request), request.params.id) }),
  });

  routes.route({
    method: 'POST',
    url: '/admin/email-templates/preview',
    config: { access: editing },
    schema: { tags, body: previewEmailTemplateBodySchema, response: { 200: itemResponseSchema(renderedEmailSchema), ...errors } },
    handler: async (request) => ({ data: await emailTemplates.previewTemplate(actorOf(request), request.body) }),
  });
}
