import { idParamsSchema, itemResponseSchema, listResponseSchema } from '@portal/shared/common';
import { createExhibitorBodySchema, exhibitorSchema, listExhibitorsQuerySchema } from '@portal/shared/exhibitors';
import { exportQuerySchema } from '@portal/shared/exports';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { exportResponse, sendExport } from '../../lib/list-export';
import { errorResponses as errors, sendJson } from '../../lib/route-schemas';
import { requires } from '../../plugins/access';
import type { ExhibitorsService } from './exhibitors.service';

const exhibitor = itemResponseSchema(exhibitorSchema);
const tags = ['exhibitors'];

/** Updates go through PUT /api/admin/admins/{id}, as the spec has it (see the admins feature). */
export async function exhibitorsRoutes(app: FastifyInstance, { exhibitors }: { exhibitors: ExhibitorsService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'GET',
    url: '/admin/exhibitors',
    config: { access: requires('view_exhibitors') },
    schema: { tags, querystring: listExhibitorsQuerySchema, response: { 200: listResponseSchema(exhibitorSchema), ...errors } },
    handler: async (request, reply) => {
      return sendJson(reply, await exhibitors.listExhibitors(actorOf(request), request.query));
    },
  });

  routes.route({
    method: 'GET',
    url: '/admin/exhibitors/export',
    config: { access: requires('view_exhibitors', 'export_data') },
    schema: {
      tags,
      summary: 'The exhibitors of the list’s filters, scope and sort as an .xlsx or CSV file, streamed',
      querystring: exportQuerySchema(listExhibitorsQuerySchema),
      response: { 200: exportResponse('One row an exhibitor'), ...errors },
    },
    handler: async (request, reply) => {
      const { format, ...filter } = request.query;
      return sendExport(reply, format, await exhibitors.exportExhibitors(actorOf(request), filter, format));
    },
  });

  routes.route({
    method: 'GET',
    url: '/admin/exhibitors/:id',
    config: { access: requires('view_exhibitors') },
    schema: { tags, params: idParamsSchema, response: { 200: exhibitor, ...errors } },
    handler: async (request) => ({ data: await exhibitors.getExhibitor(actorOf(request), request.params.id) }),
  });

  routes.route({
    method: 'POST',
    url: '/admin/exhibitors',
    config: { access: requires('create_exhibitor'), sessionOnly: ['password'] },
    schema: { tags, body: createExhibitorBodySchema, response: { 201: exhibitor, ...errors } },
    handler: async (request, reply) =>
      reply.code(201).send({ data: await exhibitors.createExhibitor(actorOf(request), request.body) }),
  });

  routes.route({
    method: 'POST',
    url: '/admin/exhibitors/:id/invitation',
    config: { access: requires('create_exhibitor') },
    schema: { tags, summary: 'Sends the invitation email again', params: idParamsSchema, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await exhibitors.resendInvitation(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  routes.route({
    method: 'DELETE',
    url: '/admin/exhibitors/:id',
    config: { access: requires('delete_exhibitor') },
    schema: { tags, params: idParamsSchema, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await exhibitors.deleteExhibitor(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  routes.route({
    method: 'POST',
    url: '/admin/exhibitors/:id/anonymise',
    // Whoever may delete an exhibitor may anonymise it instead.
    config: { access: requires('delete_exhibitor') },
    schema: {
      tags,
      summary: 'Replaces the personal data of an exhibitor and its sub-accounts with placeholders and closes them; its financial records stay',
      params: idParamsSchema,
      response: { 200: exhibitor, ...errors },
    },
    handler: async (request) => ({ data: await exhibitors.anonymiseExhibitor(actorOf(request), request.params.id) }),
  });
}
