import { errorBodySchema, itemResponseSchema, listResponseSchema } from '@portal/shared/common';
import { MAX_FILE_SIZE_BYTES } from '@portal/shared/custom-fields';
import { z } from 'zod';
import {
  badgeRegisteredSchema,
  createRegistrationLinkBodySchema,
  createUserBadgeCategoryLinkBodySchema,
  createUserLinkBodySchema,
  linkParamsSchema,
  listRegistrationLinksQuerySchema,
  publicRegistrationLinkSchema,
  registerBadgeBodySchema,
  registerExhibitorBodySchema,
  registerThroughLinkBodySchema,
  registrationReceivedSchema,
  registrationLinkSchema,
} from '@portal/shared/registration-links';
import { exportQuerySchema } from '@portal/shared/exports';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { exportResponse, sendExport } from '../../lib/list-export';
import { MAX_FORM_FILES, multipartForm } from '../../lib/multipart-form';
import { errorResponses as errors } from '../../lib/route-schemas';
import { publicRoute, requires, requiresAny } from '../../plugins/access';
import { uploadsByField } from '../badges/field-values';
import type { RegistrationLinksService } from './registration-links.service';

const tags = ['registration-links'];
const gone = { 410: errorBodySchema };
const link = itemResponseSchema(registrationLinkSchema);
const client = (request: FastifyRequest) => ({ requestId: request.id, ip: request.ip });

export async function registrationLinksRoutes(
  app: FastifyInstance,
  { registrationLinks }: { registrationLinks: RegistrationLinksService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const badgeForm = multipartForm({
    fields: Object.keys(registerBadgeBodySchema.shape),
    jsonFields: ['customFieldValues'],
    maxFiles: MAX_FORM_FILES,
    maxFileBytes: MAX_FILE_SIZE_BYTES,
    files: (request) => registrationLinks.uploadRules((request.params as { id: string }).id, client(request)),
    receive: (part, rule) => registrationLinks.receiveUpload(part, rule),
    discard: (files) => registrationLinks.discardUploads(files),
  });

  routes.route({
    method: 'POST',
    url: '/admin/registration-links',
    // Exhibitor links need create_exhibitor, badge links create_exhibitor_user: the service tells them apart.
    config: { access: requiresAny('create_exhibitor', 'create_exhibitor_user') },
    schema: {
      tags,
      summary:
        'Creates an exhibitor self-registration link for an event, or a badge link for a category on the places of an exhibitor or sub-account',
      body: createRegistrationLinkBodySchema,
      response: { 201: link, ...errors },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ data: await registrationLinks.createLink(actorOf(request), request.body) }),
  });

  routes.route({
    method: 'POST',
    url: '/admin/registration-links/user',
    config: { access: requires('create_exhibitor_user') },
    schema: {
      tags,
      summary:
        'Creates a single-use badge link for one recipient and emails it (category: the one given, else the owner’s only allocated one)',
      body: createUserLinkBodySchema,
      response: { 201: link, ...errors },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ data: await registrationLinks.createUserLink(actorOf(request), request.body) }),
  });

  routes.route({
    method: 'POST',
    url: '/admin/registration-links/user-badge-category',
    config: { access: requires('create_exhibitor_user') },
    schema: {
      tags,
      summary: 'Creates a single-use badge link of the chosen category for one recipient and emails it',
      body: createUserBadgeCategoryLinkBodySchema,
      response: { 201: link, ...errors },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ data: await registrationLinks.createUserLink(actorOf(request), request.body) }),
  });

  routes.route({
    method: 'GET',
    url: '/admin/registration-links',
    config: { access: requiresAny('create_exhibitor', 'view_exhibitor_users') },
    schema: {
      tags,
      summary: 'Lists the registration links within reach, with their live use',
      querystring: listRegistrationLinksQuerySchema,
      response: { 200: listResponseSchema(registrationLinkSchema), ...errors },
    },
    handler: (request) => registrationLinks.listLinks(actorOf(request), request.query),
  });

  routes.route({
    method: 'GET',
    url: '/admin/registration-links/export',
    // The service also asks for one of the list's readers: access takes one rule.
    config: { access: requires('export_data') },
    schema: {
      tags,
      summary: 'The registration links of the list’s filters and scope as an .xlsx or CSV file, streamed',
      querystring: exportQuerySchema(listRegistrationLinksQuerySchema),
      response: { 200: exportResponse('One row a link'), ...errors },
    },
    handler: async (request, reply) => {
      const { format, ...filter } = request.query;
      return sendExport(reply, format, await registrationLinks.exportLinks(actorOf(request), filter, format));
    },
  });

  routes.route({
    method: 'DELETE',
    url: '/admin/registration-links/:id',
    config: { access: requiresAny('create_exhibitor', 'create_exhibitor_user') },
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
    schema: {
      tags,
      params: linkParamsSchema,
      response: { 200: itemResponseSchema(publicRegistrationLinkSchema), ...errors, ...gone },
    },
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
      reply
        .code(202)
        .send({ data: await registrationLinks.registerExhibitor(request.params.id, request.body, request.ip) }),
  });

  routes.route({
    method: 'POST',
    url: '/admin/registration-links/:id/create-user',
    config: { access: publicRoute },
    preValidation: badgeForm.preValidation,
    schema: {
      tags,
      summary:
        'Someone registers a badge through a badge link (no sign-in; JSON or multipart with files as customField[{id}]); the same email again answers alike and registers nothing more',
      params: linkParamsSchema,
      body: registerBadgeBodySchema,
      response: { 201: itemResponseSchema(badgeRegisteredSchema), ...errors, ...gone },
    },
    handler: async (request, reply) =>
      reply.code(201).send({
        data: await registrationLinks.registerBadge(
          request.params.id,
          request.body,
          uploadsByField(badgeForm.files(request)),
          client(request),
        ),
      }),
  });

  routes.route({
    method: 'POST',
    url: '/auth/register',
    config: { access: publicRoute },
    schema: {
      tags,
      summary: 'Registers a badge through a badge link named in the JSON body (no sign-in, no files); see docs/api.md',
      body: registerThroughLinkBodySchema,
      response: { 201: itemResponseSchema(badgeRegisteredSchema), ...errors, ...gone },
    },
    handler: async (request, reply) => {
      const { registrationLinkId, ...body } = request.body;
      return reply
        .code(201)
        .send({ data: await registrationLinks.registerBadge(registrationLinkId, body, new Map(), client(request)) });
    },
  });
}
