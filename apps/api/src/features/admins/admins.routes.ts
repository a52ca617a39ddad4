import { adminSchema, createAdminBodySchema, listAdminsQuerySchema, updateAdminBodySchema } from '@portal/shared/admins';
import { idParamsSchema, itemResponseSchema, listResponseSchema } from '@portal/shared/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { errorResponses as errors } from '../../lib/route-schemas';
import { requires, requiresAny } from '../../plugins/access';
import type { AdminsService } from './admins.service';

const admin = itemResponseSchema(adminSchema);
const tags = ['admins'];
const access = requires('manage_admins');

export async function adminsRoutes(app: FastifyInstance, { admins }: { admins: AdminsService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'GET',
    url: '/admin/admins',
    config: { access },
    schema: { tags, querystring: listAdminsQuerySchema, response: { 200: listResponseSchema(adminSchema), ...errors } },
    handler: (request) => admins.listAdmins(actorOf(request), request.query),
  });

  routes.route({
    method: 'GET',
    url: '/admin/admins/:id',
    config: { access },
    schema: { tags, params: idParamsSchema, response: { 200: admin, ...errors } },
    handler: async (request) => ({ data: await admins.getAdmin(actorOf(request), request.params.id) }),
  });

  routes.route({
    method: 'POST',
    url: '/admin/admins',
    config: { access, sessionOnly: ['password'] },
    schema: { tags, body: createAdminBodySchema, response: { 201: admin, ...errors } },
    handler: async (request, reply) =>
      reply.code(201).send({ data: await admins.createAdmin(actorOf(request), request.body) }),
  });

  routes.route({
    method: 'PUT',
    url: '/admin/admins/:id',
    config: { access: requiresAny('manage_admins', 'update_exhibitor'), sessionOnly: ['password', 'email'] },
    schema: { tags, params: idParamsSchema, body: updateAdminBodySchema, response: { 200: admin, ...errors } },
    handler: async (request) => ({ data: await admins.updateAdmin(actorOf(request), request.params.id, request.body) }),
  });

  routes.route({
    method: 'POST',
    url: '/admin/admins/:id/invitation',
    config: { access },
    schema: { tags, summary: 'Sends the invitation email again', params: idParamsSchema, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await admins.resendInvitation(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  routes.route({
    method: 'DELETE',
    url: '/admin/admins/:id',
    config: { access },
    schema: { tags, params: idParamsSchema, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await admins.deleteAdmin(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  routes.route({
    method: 'POST',
    url: '/admin/admins/:id/anonymise',
    // Whoever may delete an account may anonymise it instead.
    config: { access },
    schema: {
      tags,
      summary: 'Replaces the personal data of an account with placeholders and closes it; its financial records stay',
      params: idParamsSchema,
      response: { 200: admin, ...errors },
    },
    handler: async (request) => ({ data: await admins.anonymiseAdmin(actorOf(request), request.params.id) }),
  });
}
