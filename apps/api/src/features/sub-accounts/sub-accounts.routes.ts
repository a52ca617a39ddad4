import { idParamsSchema, itemResponseSchema, listResponseSchema } from '@portal/shared/common';
import {
  createSubAccountBodySchema,
  listSubAccountsQuerySchema,
  subAccountSchema,
  updateSubAccountBodySchema,
} from '@portal/shared/sub-accounts';
import { exportQuerySchema } from '@portal/shared/exports';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { exportResponse, sendExport } from '../../lib/list-export';
import { errorResponses as errors } from '../../lib/route-schemas';
import { requires } from '../../plugins/access';
import type { SubAccountsService } from './sub-accounts.service';

const subAccount = itemResponseSchema(subAccountSchema);
const tags = ['sub-accounts'];
// The catalogue has no update or delete permission for sub-accounts: creating them is managing them.
const manage = requires('create_sub_account');

export async function subAccountsRoutes(app: FastifyInstance, { subAccounts }: { subAccounts: SubAccountsService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'GET',
    url: '/admin/sub-accounts',
    config: { access: requires('view_sub_accounts') },
    schema: { tags, querystring: listSubAccountsQuerySchema, response: { 200: listResponseSchema(subAccountSchema), ...errors } },
    handler: (request) => subAccounts.listSubAccounts(actorOf(request), request.query),
  });

  routes.route({
    method: 'GET',
    url: '/admin/sub-accounts/export',
    config: { access: requires('view_sub_accounts', 'export_data') },
    schema: {
      tags,
      summary: 'The sub-accounts of the list’s filters, scope and sort as an .xlsx or CSV file, streamed',
      querystring: exportQuerySchema(listSubAccountsQuerySchema),
      response: { 200: exportResponse('One row a sub-account'), ...errors },
    },
    handler: async (request, reply) => {
      const { format, ...filter } = request.query;
      return sendExport(reply, format, await subAccounts.exportSubAccounts(actorOf(request), filter, format));
    },
  });

  routes.route({
    method: 'GET',
    url: '/admin/sub-accounts/:id',
    config: { access: requires('view_sub_accounts') },
    schema: { tags, params: idParamsSchema, response: { 200: subAccount, ...errors } },
    handler: async (request) => ({ data: await subAccounts.getSubAccount(actorOf(request), request.params.id) }),
  });

  routes.route({
    method: 'POST',
    url: '/admin/sub-accounts',
    config: { access: manage, sessionOnly: ['password'] },
    schema: { tags, body: createSubAccountBodySchema, response: { 201: subAccount, ...errors } },
    handler: async (request, reply) =>
      reply.code(201).send({ data: await subAccounts.createSubAccount(actorOf(request), request.body) }),
  });

  routes.route({
    method: 'PUT',
    url: '/admin/sub-accounts/:id',
    config: { access: manage, sessionOnly: ['password', 'email'] },
    schema: { tags, params: idParamsSchema, body: updateSubAccountBodySchema, response: { 200: subAccount, ...errors } },
    handler: async (request) => ({ data: await subAccounts.updateSubAccount(actorOf(request), request.params.id, request.body) }),
  });

  routes.route({
    method: 'DELETE',
    url: '/admin/sub-accounts/:id',
    config: { access: manage },
    schema: { tags, params: idParamsSchema, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await subAccounts.deleteSubAccount(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  routes.route({
    method: 'POST',
    url: '/admin/sub-accounts/:id/anonymise',
    config: { access: manage },
    schema: {
      tags,
      summary: 'Replaces the personal data of a sub-account with placeholders and closes it; its financial records stay',
      params: idParamsSchema,
      response: { 200: subAccount, ...errors },
    },
    handler: async (request) => ({ data: await subAccounts.anonymiseSubAccount(actorOf(request), request.params.id) }),
  });
}
