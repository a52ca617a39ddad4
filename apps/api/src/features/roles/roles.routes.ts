import { idParamsSchema, itemResponseSchema, listResponseSchema } from '@portal/shared/common';
import {
  listPermissionsQuerySchema,
  listRolesQuerySchema,
  permissionSchema,
  roleBodySchema,
  roleSchema,
  updateRoleBodySchema,
} from '@portal/shared/roles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { errorResponses as errors } from '../../lib/route-schemas';
import { requires, requiresAny } from '../../plugins/access';
import type { RolesService } from './roles.service';

const role = itemResponseSchema(roleSchema);
const tags = ['roles'];

export async function rolesRoutes(app: FastifyInstance, { roles }: { roles: RolesService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'GET',
    url: '/admin/roles',
    config: { access: requiresAny('manage_roles', 'manage_admins') },
    schema: { tags, querystring: listRolesQuerySchema, response: { 200: listResponseSchema(roleSchema), ...errors } },
    handler: (request) => roles.listRoles(actorOf(request), request.query),
  });

  routes.route({
    method: 'GET',
    url: '/admin/roles/:id',
    config: { access: requiresAny('manage_roles', 'manage_admins') },
    schema: { tags, params: idParamsSchema, response: { 200: role, ...errors } },
    handler: async (request) => ({ data: await roles.getRole(actorOf(request), request.params.id) }),
  });

  routes.route({
    method: 'POST',
    url: '/admin/roles',
    config: { access: requires('manage_roles') },
    schema: { tags, body: roleBodySchema, response: { 201: role, ...errors } },
    handler: async (request, reply) =>
      reply.code(201).send({ data: await roles.createRole(actorOf(request), request.body) }),
  });

  routes.route({
    method: 'PUT',
    url: '/admin/roles/:id',
    config: { access: requires('manage_roles') },
    schema: { tags, params: idParamsSchema, body: updateRoleBodySchema, response: { 200: role, ...errors } },
    handler: async (request) => ({ data: await roles.updateRole(actorOf(request), request.params.id, request.body) }),
  });

  routes.route({
    method: 'DELETE',
    url: '/admin/roles/:id',
    config: { access: requires('manage_roles') },
    schema: { tags, params: idParamsSchema, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await roles.deleteRole(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  routes.route({
    method: 'GET',
    url: '/admin/permissions',
    config: { access: requiresAny('manage_roles', 'manage_permissions', 'manage_admins') },
    schema: { tags, querystring: listPermissionsQuerySchema, response: { 200: z.object({ data: z.array(permissionSchema) }), ...errors } },
    handler: (request) => roles.listPermissions(actorOf(request), request.query.limit),
  });
}
