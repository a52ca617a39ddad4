import {
  allocationBodySchema,
  allocationSchema,
  bulkAllocationsBodySchema,
  listAllocationsQuerySchema,
} from '@portal/shared/allocations';
import { itemResponseSchema, listResponseSchema } from '@portal/shared/common';
import { exportQuerySchema } from '@portal/shared/exports';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { exportResponse, sendExport } from '../../lib/list-export';
import { errorResponses as errors } from '../../lib/route-schemas';
import { requires } from '../../plugins/access';
import type { AllocationsService } from './allocations.service';

const allocation = itemResponseSchema(allocationSchema);
const tags = ['allocations'];

/** The spec's PUT is on the collection: it sets the quantity of one holder × category. */
export async function allocationsRoutes(app: FastifyInstance, { allocations }: { allocations: AllocationsService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'GET',
    url: '/admin/allocations',
    config: { access: requires('view_allocation') },
    schema: { tags, querystring: listAllocationsQuerySchema, response: { 200: listResponseSchema(allocationSchema), ...errors } },
    handler: (request) => allocations.listAllocations(actorOf(request), request.query),
  });

  routes.route({
    method: 'GET',
    url: '/admin/allocations/export',
    config: { access: requires('view_allocation', 'export_data') },
    schema: {
      tags,
      summary: 'The allocations of the list’s filters, scope and sort as an .xlsx or CSV file, streamed',
      querystring: exportQuerySchema(listAllocationsQuerySchema),
      response: { 200: exportResponse('One row an allocation'), ...errors },
    },
    handler: async (request, reply) => {
      const { format, ...filter } = request.query;
      return sendExport(reply, format, await allocations.exportAllocations(actorOf(request), filter, format));
    },
  });

  routes.route({
    method: 'POST',
    url: '/admin/allocations',
    config: { access: requires('create_allocation') },
    schema: { tags, body: allocationBodySchema, response: { 201: allocation, ...errors } },
    handler: async (request, reply) =>
      reply.code(201).send({ data: await allocations.setAllocation(actorOf(request), request.body) }),
  });

  routes.route({
    method: 'PUT',
    url: '/admin/allocations',
    config: { access: requires('update_allocation') },
    schema: { tags, body: allocationBodySchema, response: { 200: allocation, ...errors } },
    handler: async (request) => ({ data: await allocations.setAllocation(actorOf(request), request.body) }),
  });

  routes.route({
    method: 'POST',
    url: '/admin/allocations/bulk',
    config: { access: requires('create_allocation', 'update_allocation') },
    schema: { tags, body: bulkAllocationsBodySchema, response: { 200: z.object({ data: z.array(allocationSchema) }), ...errors } },
    handler: (request) => allocations.bulkSetAllocations(actorOf(request), request.body),
  });
}
