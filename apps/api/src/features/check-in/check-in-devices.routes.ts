import { eventParamsSchema } from '@portal/shared/badge-categories';
import {
  deviceBodySchema,
  deviceSchema,
  pairBodySchema,
  pairResponseSchema,
  pairingSchema,
} from '@portal/shared/check-in';
import { idParamsSchema, itemResponseSchema } from '@portal/shared/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { errorResponses as errors } from '../../lib/route-schemas';
import { publicRoute, requires } from '../../plugins/access';
import type { CheckInDevicesService } from './check-in-devices.service';

const device = itemResponseSchema(deviceSchema);
const pairing = itemResponseSchema(pairingSchema);
const tags = ['check-in'];

/** The devices at the door: added, paired and revoked by the organiser; the pairing itself is the device's (docs/check-in.md). */
export async function checkInDevicesRoutes(
  app: FastifyInstance,
  { checkInDevices }: { checkInDevices: CheckInDevicesService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const manage = { access: requires('manage_check_in') };

  routes.route({
    method: 'GET',
    url: '/admin/events/:eventId/check-in-devices',
    config: manage,
    schema: {
      tags,
      summary: 'The event’s check-in devices',
      params: eventParamsSchema,
      response: { 200: z.object({ data: z.array(deviceSchema) }), ...errors },
    },
    handler: async (request) => ({ data: await checkInDevices.list(actorOf(request), request.params.eventId) }),
  });

  routes.route({
    method: 'POST',
    url: '/admin/events/:eventId/check-in-devices',
    config: manage,
    schema: {
      tags,
      summary: 'Adds a device and answers its pairing code, shown this once',
      params: eventParamsSchema,
      body: deviceBodySchema,
      response: { 201: pairing, ...errors },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send({ data: await checkInDevices.create(actorOf(request), request.params.eventId, request.body) }),
  });

  routes.route({
    method: 'PUT',
    url: '/admin/check-in-devices/:id',
    config: manage,
    schema: {
      tags,
      summary: 'Changes a device’s name, role and lists',
      params: idParamsSchema,
      body: deviceBodySchema,
      response: { 200: device, ...errors },
    },
    handler: async (request) => ({
      data: await checkInDevices.update(actorOf(request), request.params.id, request.body),
    }),
  });

  routes.route({
    method: 'POST',
    url: '/admin/check-in-devices/:id/pairing-code',
    config: manage,
    schema: {
      tags,
      summary: 'A new pairing code for the device; pairing with it replaces the device’s token (409 when revoked)',
      params: idParamsSchema,
      response: { 200: pairing, ...errors },
    },
    handler: async (request) => ({ data: await checkInDevices.newPairingCode(actorOf(request), request.params.id) }),
  });

  routes.route({
    method: 'POST',
    url: '/admin/check-in-devices/:id/revoke',
    config: manage,
    schema: {
      tags,
      summary: 'Revokes a device: its token stops working at once',
      params: idParamsSchema,
      response: { 200: device, ...errors },
    },
    handler: async (request) => ({ data: await checkInDevices.revoke(actorOf(request), request.params.id) }),
  });

  routes.route({
    method: 'POST',
    url: '/check-in/pair',
    config: { access: publicRoute },
    schema: {
      tags,
      summary:
        'A device trades a pairing code for its token (404 for a wrong, expired or used code; attempts limited per address)',
      body: pairBodySchema,
      response: { 200: itemResponseSchema(pairResponseSchema), ...errors },
    },
    handler: async (request) => ({ data: await checkInDevices.pair(request.body.code, request.ip) }),
  });
}
