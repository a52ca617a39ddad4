import { checkInLogEntrySchema } from '@portal/shared/check-in';
import { idSchema, itemResponseSchema, textLine } from '@portal/shared/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { errorResponses as errors } from '../../lib/route-schemas';
import { requires } from '../../plugins/access';
import type { CheckInScansService } from './check-in-scans.service';

const tags = ['check-in'];
const idParamsSchema = z.object({ id: idSchema });
const entry = itemResponseSchema(checkInLogEntrySchema);

/** An organiser's corrections of the check-in log (the log itself and its figures: the organiser routes). */
export async function checkInScansRoutes(app: FastifyInstance, { checkInScans }: { checkInScans: CheckInScansService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'POST',
    url: '/admin/check-ins/:id/undo',
    config: { access: requires('manage_check_in') },
    schema: {
      tags,
      summary: 'Undoes an admitted scan, with the reason; the badge’s presence on the list is counted again without it',
      params: idParamsSchema,
      body: z.object({ reason: textLine(500) }),
      response: { 200: entry, ...errors },
    },
    handler: async (request) => ({ data: await checkInScans.undo(actorOf(request), request.params.id, request.body.reason) }),
  });

  routes.route({
    method: 'POST',
    url: '/admin/check-ins/:id/resolve',
    config: { access: requires('manage_check_in') },
    schema: { tags, summary: 'Marks a check-in conflict as dealt with', params: idParamsSchema, response: { 200: entry, ...errors } },
    handler: async (request) => ({ data: await checkInScans.resolve(actorOf(request), request.params.id) }),
  });
}
