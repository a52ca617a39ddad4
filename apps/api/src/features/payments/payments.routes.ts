import {
  allocationPurchaseSchema,
  createPaymentBodySchema,
  paymentTokenSchema,
  publicPaymentStatusSchema,
  refundBodySchema,
  sandboxOutcomeBodySchema,
  sandboxSessionParamsSchema,
  sandboxSessionSchema,
} from '@portal/shared/allocation-purchases';
import { idParamsSchema, itemResponseSchema } from '@portal/shared/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { errorResponses as errors } from '../../lib/route-schemas';
import { publicRoute, requires } from '../../plugins/access';
import type { PaymentsService } from './payments.service';

const purchase = itemResponseSchema(allocationPurchaseSchema);
const status = itemResponseSchema(publicPaymentStatusSchema);
const tags = ['payments'];

export async function paymentsRoutes(app: FastifyInstance, { payments }: { payments: PaymentsService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'POST',
    url: '/admin/allocation-purchases/:id/payment-token',
    config: { access: requires('create_payment') },
    schema: { tags, params: idParamsSchema, response: { 200: itemResponseSchema(paymentTokenSchema), ...errors } },
    handler: async (request) => ({ data: await payments.startPayment(actorOf(request), request.params.id) }),
  });

  // Public: the payment status page calls it on load, after the provider sent the payer back.
  routes.route({
    method: 'GET',
    url: '/webhooks/allocation-purchases/:id/sync-payment',
    config: { access: publicRoute },
    schema: { tags, params: idParamsSchema, response: { 200: status, ...errors } },
    handler: async (request) => ({ data: await payments.syncPayment(request.params.id) }),
  });

  routes.route({
    method: 'GET',
    url: '/payment-status/:id',
    config: { access: publicRoute },
    schema: { tags, params: idParamsSchema, response: { 200: status, ...errors } },
    handler: async (request) => ({ data: await payments.publicStatus(request.params.id) }),
  });

  // An organiser records a bank transfer: it takes the right to decide on purchases as well.
  routes.route({
    method: 'POST',
    url: '/payments',
    config: { access: requires('create_payment', 'update_allocation_purchase') },
    schema: { tags, body: createPaymentBodySchema, response: { 201: purchase, ...errors } },
    handler: async (request, reply) =>
      reply.code(201).send({ data: await payments.recordManualPayment(actorOf(request), request.body) }),
  });

  routes.route({
    method: 'POST',
    url: '/admin/allocation-purchases/:id/refunds',
    config: { access: requires('refund_payment') },
    schema: { tags, params: idParamsSchema, body: refundBodySchema, response: { 200: purchase, ...errors } },
    handler: async (request) => ({ data: await payments.refund(actorOf(request), request.params.id, request.body) }),
  });

  routes.route({
    method: 'GET',
    url: '/payments/sandbox/:sessionId',
    config: { access: publicRoute },
    schema: {
      tags,
      params: sandboxSessionParamsSchema,
      response: { 200: itemResponseSchema(sandboxSessionSchema), ...errors },
    },
    handler: async (request) => ({ data: await payments.getSandboxSession(request.params.sessionId) }),
  });

  routes.route({
    method: 'POST',
    url: '/payments/sandbox/:sessionId',
    config: { access: publicRoute },
    schema: {
      tags,
      params: sandboxSessionParamsSchema,
      body: sandboxOutcomeBodySchema,
      response: { 200: itemResponseSchema(z.object({ redirectUrl: z.string() })), ...errors },
    },
    handler: async (request) => ({
      data: await payments.completeSandboxSession(request.params.sessionId, request.body.outcome),
    }),
  });
}

/**
 * Stripe signs the exact bytes it sent, so this route reads its body raw; the parser is
 * registered inside this plugin only and leaves every other route's JSON parsing alone.
 */
export async function stripeWebhookRoutes(app: FastifyInstance, { payments }: { payments: PaymentsService }) {
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
    done(null, body),
  );
  app.route({
    method: 'POST',
    url: '/webhooks/stripe',
    config: { access: publicRoute },
    schema: { tags, response: { 200: z.object({ received: z.literal(true) }), ...errors } },
    handler: async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
      const signature = request.headers['stripe-signature'];
      await payments.handleStripeWebhook(body, typeof signature === 'string' ? signature : undefined);
      return { received: true as const };
    },
  });
}
