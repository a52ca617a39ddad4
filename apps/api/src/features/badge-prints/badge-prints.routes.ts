import { alreadyPrintedSchema, printRunBodySchema, printSettingsSchema, testPageQuerySchema } from '@portal/shared/badge-prints';
import { idSchema, itemResponseSchema } from '@portal/shared/common';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { errorResponses as errors, fileResponse } from '../../lib/route-schemas';
import { requires, requiresAny } from '../../plugins/access';
import type { BadgePrintsService } from './badge-prints.service';

const settings = itemResponseSchema(printSettingsSchema);
const eventParamsSchema = z.object({ eventId: idSchema });
const tags = ['badge-prints'];

function sendPdf(reply: FastifyReply, { fileName, content }: { fileName: string; content: Readable }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .send(content);
}

/** Print runs, the printer calibration of an event and its test page (docs/printing.md). */
export async function badgePrintsRoutes(app: FastifyInstance, { badgePrints }: { badgePrints: BadgePrintsService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'POST',
    url: '/admin/badge-prints',
    config: { access: requires('print_badges') },
    schema: {
      tags,
      summary: 'Prints badges: one PDF, streamed, of the chosen badges on the chosen sheet; records each print',
      body: printRunBodySchema,
      response: {
        200: fileResponse('application/pdf', 'The badges, sheet after sheet; X-Badge-Count says how many'),
        ...errors,
        409: alreadyPrintedSchema,
      },
    },
    handler: async (request, reply) => {
      const run = await badgePrints.startPrintRun(actorOf(request), request.body);
      return sendPdf(reply.header('x-badge-count', String(run.count)), run);
    },
  });

  routes.route({
    method: 'GET',
    url: '/admin/events/:eventId/badge-print-settings',
    config: { access: requiresAny('manage_badge_layouts', 'print_badges') },
    schema: {
      tags,
      summary: 'The event’s printer calibration: offsets and scale applied to every printed sheet',
      params: eventParamsSchema,
      response: { 200: settings, ...errors },
    },
    handler: async (request) => ({ data: await badgePrints.getSettings(actorOf(request), request.params.eventId) }),
  });

  routes.route({
    method: 'PUT',
    url: '/admin/events/:eventId/badge-print-settings',
    config: { access: requires('manage_badge_layouts') },
    schema: {
      tags,
      summary: 'Sets the event’s printer calibration (offsets within ±20 mm, scale 0.9 to 1.1)',
      params: eventParamsSchema,
      body: printSettingsSchema,
      response: { 200: settings, ...errors },
    },
    handler: async (request) => ({ data: await badgePrints.saveSettings(actorOf(request), request.params.eventId, request.body) }),
  });

  routes.route({
    method: 'GET',
    url: '/admin/events/:eventId/badge-print-settings/test-page.pdf',
    config: { access: requiresAny('manage_badge_layouts', 'print_badges') },
    schema: {
      tags,
      summary: 'A calibration page for a sheet: cell outlines, crosshairs, crop marks and rulers, through the event’s calibration',
      params: eventParamsSchema,
      querystring: testPageQuerySchema,
      response: { 200: fileResponse('application/pdf', 'The calibration page'), ...errors },
    },
    handler: async (request, reply) =>
      sendPdf(reply, await badgePrints.testPage(actorOf(request), request.params.eventId, request.query.sheet)),
  });
}
