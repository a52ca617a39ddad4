import {
  allocationPurchaseSchema,
  createPaymentBodySchema,
  paymentSettingsSchema,
  paymentStatusQuerySchema,
  paymentTokenSchema,
  publicPaymentStatusSchema,
  refundBodySchema,
  sandboxOutcomeBodySchema,
  sandboxSessionParamsSchema,
  sandboxSessionSchema,
} from '@portal/shared/allocation-purchases';
import { idParamsSchema, itemResponseSchema } from '@portal/shared/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { errorResponses as errors } from '../../lib/route-schemas';
import { publicRoute, requires } from '../../plugins/access';
import type { PaymentStatusService, StatusCaller } from './payment-status.service';
import type { PaymentsService } from './payments.service';

const purchase = itemResponseSchema(allocationPurchaseSchema);
const status = itemResponseSchema(publicPaymentStatusSchema);
const tags = ['payments'];

/** The public status calls' caller: the link's token, the session if any, the address. */
const statusCaller = (request: FastifyRequest<{ Querystring: { t?: string } }>): StatusCaller => ({
  token: request.query.t,
  principal: request.principal,
  presentedCredentials: Boolean(request.headers.authorization),
  ip: request.ip,
});

export async function paymentsRoutes(
  app: FastifyInstance,
  {
    payments,
    paymentStatus,
  }: { payments: PaymentsService; paymentStatus: PaymentStatusService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'POST',
    url: '/admin/allocation-purchases/:id/payment-token',
    config: { access: requires('create_payment') },
    schema: { tags, params: idParamsSchema, response: { 200: itemResponseSchema(paymentTokenSchema), ...errors } },
    handler: async (request) => ({ data: await payments.startPayment(actorOf(request), request.params.id) }),
  });

  // Public, opened by the signed `t` of the provider's return URL or by a session that may see the
  // purchase (404 otherwise); rate-limited per address. The status page calls it on load.
  routes.route({
    method: 'GET',
    url: '/webhooks/allocation-purchases/:id/sync-payment',
    config: { access: publicRoute },
    schema: { tags, params: idParamsSchema, querystring: paymentStatusQuerySchema, response: { 200: status, ...errors } },
    handler: async (request) => ({ data: await paymentStatus.syncPayment(request.params.id, statusCaller(request)) }),
  });

  routes.route({
    method: 'GET',
    url: '/payment-status/:id',
    config: { access: publicRoute },
    schema: { tags, params: idParamsSchema, querystring: paymentStatusQuerySchema, response: { 200: status, ...errors } },
    handler: async (request) => ({ data: await paymentStatus.publicStatus(request.params.id, statusCaller(request)) }),
  });

  // Public: every screen that shows a payment says "test payments" when no real money moves.
  routes.route({
    method: 'GET',
    url: '/payments/settings',
    config: { access: publicRoute },
    schema: { tags, response: { 200: itemResponseSchema(paymentSettingsSchema), ...errors } },
    handler: async () => ({ data: payments.settings() }),
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
