import {
  allocationPurchaseSchema,
  createAllocationPurchaseBodySchema,
  listAllocationPurchasesQuerySchema,
  purchaseQuoteSchema,
  reissueInvoiceBodySchema,
  updateAllocationPurchaseBodySchema,
} from '@portal/shared/allocation-purchases';
import { idParamsSchema, itemResponseSchema, listResponseSchema } from '@portal/shared/common';
import { exportQuerySchema } from '@portal/shared/exports';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { exportResponse, sendExport } from '../../lib/list-export';
import { errorResponses as errors } from '../../lib/route-schemas';
import { requires, requiresAny } from '../../plugins/access';
import type { AllocationPurchasesService } from './allocation-purchases.service';

const purchase = itemResponseSchema(allocationPurchaseSchema);
const tags = ['allocation-purchases'];

export async function allocationPurchasesRoutes(
  app: FastifyInstance,
  { allocationPurchases }: { allocationPurchases: AllocationPurchasesService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'GET',
    url: '/admin/allocation-purchases',
    config: { access: requires('view_allocation_purchase') },
    schema: {
      tags,
      querystring: listAllocationPurchasesQuerySchema,
      response: { 200: listResponseSchema(allocationPurchaseSchema), ...errors },
    },
    handler: (request) => allocationPurchases.listPurchases(actorOf(request), request.query),
  });

  routes.route({
    method: 'GET',
    url: '/admin/allocation-purchases/export',
    config: { access: requires('view_allocation_purchase', 'export_data') },
    schema: {
      tags,
      summary: 'The purchases of the list’s filters, scope and sort as an .xlsx or CSV file, streamed',
      querystring: exportQuerySchema(listAllocationPurchasesQuerySchema),
      response: { 200: exportResponse('One row a purchase'), ...errors },
    },
    handler: async (request, reply) => {
      const { format, ...filter } = request.query;
      return sendExport(reply, format, await allocationPurchases.exportPurchases(actorOf(request), filter, format));
    },
  });

  routes.route({
    method: 'GET',
    url: '/admin/allocation-purchases/:id',
    config: { access: requires('view_allocation_purchase') },
    schema: { tags, params: idParamsSchema, response: { 200: purchase, ...errors } },
    handler: async (request) => ({ data: await allocationPurchases.getPurchase(actorOf(request), request.params.id) }),
  });

  routes.route({
    method: 'POST',
    url: '/admin/allocation-purchases',
    config: { access: requires('create_allocation_purchase') },
    schema: { tags, body: createAllocationPurchaseBodySchema, response: { 201: purchase, ...errors } },
    handler: async (request, reply) =>
      reply.code(201).send({ data: await allocationPurchases.createPurchase(actorOf(request), request.body) }),
  });

  routes.route({
    method: 'POST',
    url: '/admin/allocation-purchases/quote',
    config: { access: requires('create_allocation_purchase') },
    schema: {
      tags,
      summary: 'What a request would cost, VAT included, as the server would charge it; writes nothing',
      body: createAllocationPurchaseBodySchema,
      response: { 200: itemResponseSchema(purchaseQuoteSchema), ...errors },
    },
    handler: async (request) => ({ data: await allocationPurchases.quotePurchase(actorOf(request), request.body) }),
  });

  // Organisers approve and reject (update_allocation_purchase); a requester may withdraw its own request.
  routes.route({
    method: 'PUT',
    url: '/admin/allocation-purchases/:id',
    config: { access: requiresAny('update_allocation_purchase', 'create_allocation_purchase') },
    schema: {
      tags,
      params: idParamsSchema,
      body: updateAllocationPurchaseBodySchema,
      response: { 200: purchase, ...errors },
    },
    handler: async (request) => ({
      data: await allocationPurchases.updatePurchase(actorOf(request), request.params.id, request.body),
    }),
  });

  routes.route({
    method: 'POST',
    url: '/admin/allocation-purchases/:id/reissue-invoice',
    config: { access: requires('update_allocation_purchase') },
    schema: {
      tags,
      params: idParamsSchema,
      body: reissueInvoiceBodySchema.optional(),
      response: { 200: purchase, ...errors },
    },
    handler: async (request) => ({
      data: await allocationPurchases.reissueInvoice(actorOf(request), request.params.id, request.body?.reason ?? null),
    }),
  });
}
