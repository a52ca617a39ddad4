import { idParamsSchema, itemResponseSchema, listResponseSchema } from '@portal/shared/common';
import { companyBodySchema, companySchema, listCompaniesQuerySchema, updateCompanyBodySchema } from '@portal/shared/companies';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { errorResponses as errors } from '../../lib/route-schemas';
import { requires } from '../../plugins/access';
import type { CompaniesService } from './companies.service';

const company = itemResponseSchema(companySchema);
const tags = ['companies'];
const access = requires('manage_admins');

export async function companiesRoutes(app: FastifyInstance, { companies }: { companies: CompaniesService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'GET',
    url: '/admin/companies',
    config: { access },
    schema: { tags, querystring: listCompaniesQuerySchema, response: { 200: listResponseSchema(companySchema), ...errors } },
    handler: (request) => companies.listCompanies(actorOf(request), request.query),
  });

  routes.route({
    method: 'GET',
    url: '/admin/companies/:id',
    config: { access },
    schema: { tags, params: idParamsSchema, response: { 200: company, ...errors } },
    handler: async (request) => ({ data: await companies.getCompany(actorOf(request), request.params.id) }),
  });

  routes.route({
    method: 'POST',
    url: '/admin/companies',
    config: { access },
    schema: { tags, body: companyBodySchema, response: { 201: company, ...errors } },
    handler: async (request, reply) =>
      reply.code(201).send({ data: await companies.createCompany(actorOf(request), request.body) }),
  });

  routes.route({
    method: 'PUT',
    url: '/admin/companies/:id',
    config: { access },
    schema: { tags, params: idParamsSchema, body: updateCompanyBodySchema, response: { 200: company, ...errors } },
    handler: async (request) => ({ data: await companies.updateCompany(actorOf(request), request.params.id, request.body) }),
  });

  routes.route({
    method: 'DELETE',
    url: '/admin/companies/:id',
    config: { access },
    schema: { tags, params: idParamsSchema, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await companies.deleteCompany(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });
}
