import { BADGE_TYPES } from '@portal/shared/badge-categories';
import {
  CHECK_IN_RESULTS,
  checkInLogEntrySchema,
  deviceInfoSchema,
  redeemBodySchema,
  redeemResultSchema,
  rosterQuerySchema,
  scannedBadgeSchema,
  syncBodySchema,
  syncResponseSchema,
  undoBodySchema,
  walkInBodySchema,
} from '@portal/shared/check-in';
import { idSchema, itemResponseSchema } from '@portal/shared/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UnauthorizedError } from '../../lib/errors';
import { errorResponses as errors, fileResponse } from '../../lib/route-schemas';
import { anyDevice, deviceCheckedByRoute, supervisorDevice } from '../../plugins/access';
import type { CheckInDeviceService } from './check-in-device.service';
import type { CheckInDevice } from './device-auth';

const tags = ['check-in'];
const idParamsSchema = z.object({ id: idSchema });
const logEntries = itemResponseSchema(z.array(checkInLogEntrySchema));

/** `RosterResponse`, for the document: the answer is written as JSON text and sent compressed. */
const rosterResponseSchema = z
  .object({
    listId: z.number().int(),
    full: z.boolean(),
    cursor: z.string(),
    categories: z.array(z.object({ id: z.number().int(), name: z.string(), badgeType: z.enum(BADGE_TYPES) })),
    badges: z
      .array(z.array(z.unknown()))
      .describe('[badgeId, code, firstName, lastName, company, categoryId, badgeType, status, entries, inside (0|1), lastEntryAt, lastExitAt, lastDeviceName]'),
  })
  .describe('The roster, gzip or brotli compressed when the request accepts it');

const walkInOptionsSchema = z.object({
  categories: z.array(z.object({ id: z.number().int(), name: z.string(), badgeType: z.enum(BADGE_TYPES) })),
  exhibitors: z.array(z.object({ id: z.number().int(), company: z.string() })),
});

function deviceOf(request: FastifyRequest): CheckInDevice {
  if (!request.device) throw new UnauthorizedError('Authentication required');
  return request.device;
}

function deviceTokenHashOf(request: FastifyRequest): string {
  if (!request.deviceTokenHash) throw new UnauthorizedError('Authentication required');
  return request.deviceTokenHash;
}

/** The door's API: what a paired device calls with its `chk_` token (docs/check-in.md). */
export async function checkInDeviceRoutes(app: FastifyInstance, { checkInDevice }: { checkInDevice: CheckInDeviceService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'GET',
    url: '/check-in/me',
    config: { access: anyDevice },
    schema: { tags, summary: 'The device itself: its name, role, event and lists', response: { 200: itemResponseSchema(deviceInfoSchema), ...errors } },
    handler: async (request) => ({ data: await checkInDevice.info(deviceOf(request)) }),
  });

  routes.route({
    method: 'GET',
    url: '/check-in/roster',
    config: { access: anyDevice },
    schema: {
      tags,
      summary: 'The badges of the event with their presence on a list: all, or those changed since an earlier answer’s cursor',
      querystring: rosterQuerySchema,
      response: { 200: rosterResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      const { body, encoding } = await checkInDevice.roster(deviceOf(request), request.query, request.headers['accept-encoding']);
      reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(body as never);
    },
  });

  routes.route({
    method: 'POST',
    url: '/check-in/redeem',
    config: { access: deviceCheckedByRoute },
    schema: {
      tags,
      summary: 'Checks a scanned code in (or out) on a list; the same nonce again answers as the first time',
      body: redeemBodySchema,
      response: { 200: itemResponseSchema(redeemResultSchema), ...errors },
    },
    handler: async (request) => ({ data: await checkInDevice.redeem(deviceTokenHashOf(request), request.body) }),
  });

  routes.route({
    method: 'POST',
    url: '/check-in/sync',
    config: { access: anyDevice },
    schema: {
      tags,
      summary: 'Applies scans queued while offline, in order; an offline admission the server refuses is kept as a conflict',
      body: syncBodySchema,
      response: { 200: itemResponseSchema(syncResponseSchema), ...errors },
    },
    handler: async (request) => ({ data: await checkInDevice.sync(deviceOf(request), request.body) }),
  });

  routes.route({
    method: 'POST',
    url: '/check-in/undo',
    config: { access: supervisorDevice },
    schema: {
      tags,
      summary: 'Undoes an admitted scan on one of the device’s lists; the badge may enter again',
      body: undoBodySchema,
      response: { 200: itemResponseSchema(z.object({ checkInId: z.number().int(), result: z.enum(CHECK_IN_RESULTS) })), ...errors },
    },
    handler: async (request) => ({ data: await checkInDevice.undo(deviceOf(request), request.body) }),
  });

  routes.route({
    method: 'GET',
    url: '/check-in/recent',
    config: { access: anyDevice },
    schema: {
      tags,
      summary: 'The last 50 scans on a list: every device’s for a supervisor, its own for a steward',
      querystring: z.object({ listId: idSchema }),
      response: { 200: logEntries, ...errors },
    },
    handler: async (request) => ({ data: await checkInDevice.recent(deviceOf(request), request.query.listId) }),
  });

  routes.route({
    method: 'GET',
    url: '/check-in/conflicts',
    config: { access: supervisorDevice },
    schema: { tags, summary: 'Open conflicts on the device’s lists: offline admissions the server refused', response: { 200: logEntries, ...errors } },
    handler: async (request) => ({ data: await checkInDevice.conflicts(deviceOf(request)) }),
  });

  routes.route({
    method: 'POST',
    url: '/check-in/conflicts/:id/resolve',
    config: { access: supervisorDevice },
    schema: {
      tags,
      summary: 'Marks a conflict as dealt with',
      params: idParamsSchema,
      response: { 200: itemResponseSchema(checkInLogEntrySchema), ...errors },
    },
    handler: async (request) => ({ data: await checkInDevice.resolve(deviceOf(request), request.params.id) }),
  });

  routes.route({
    method: 'GET',
    url: '/check-in/walk-in-options',
    config: { access: supervisorDevice },
    schema: {
      tags,
      summary: 'What a walk-in may be registered as: the event’s open badge categories and its exhibitors',
      response: { 200: itemResponseSchema(walkInOptionsSchema), ...errors },
    },
    handler: async (request) => ({ data: await checkInDevice.walkInOptions(deviceOf(request)) }),
  });

  routes.route({
    method: 'POST',
    url: '/check-in/walk-ins',
    config: { access: supervisorDevice },
    schema: {
      tags,
      summary: 'Registers a badge at the door and checks it in; the same nonce again answers with the same badge',
      body: walkInBodySchema,
      response: {
        201: itemResponseSchema(z.object({ badge: scannedBadgeSchema, checkIn: redeemResultSchema, printable: z.boolean() })),
        ...errors,
      },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ data: await checkInDevice.walkIn(deviceOf(request), request.body, { requestId: request.id, ip: request.ip }) }),
  });

  routes.route({
    method: 'GET',
    url: '/check-in/badges/:id/badge.pdf',
    config: { access: supervisorDevice },
    schema: {
      tags,
      summary: 'An active badge of the device’s event as a PDF to print at the door (404 when the event has no badge layout)',
      params: idParamsSchema,
      response: { 200: fileResponse('application/pdf', 'The badge'), ...errors },
    },
    handler: async (request, reply) => {
      const { fileName, content } = await checkInDevice.badgePdf(deviceOf(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(fileName)}`)
        .send(content);
    },
  });
}
