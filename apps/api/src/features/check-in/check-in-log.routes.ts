import { eventParamsSchema } from '@portal/shared/badge-categories';
import {
  checkInFiguresSchema,
  checkInLogEntrySchema,
  checkInLogQuerySchema,
  exportQuerySchema,
  figuresQuerySchema,
} from '@portal/shared/check-in';
import { itemResponseSchema, listResponseSchema } from '@portal/shared/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { EXPORT_CONTENT_TYPES } from '../../lib/list-export';
import { errorResponses as errors, fileResponse } from '../../lib/route-schemas';
import { requires } from '../../plugins/access';
import type { CheckInLogService } from './check-in-log.service';

const tags = ['check-in'];
/** The check-in log, its export and the door's figures (docs/check-in.md). */
export async function checkInLogRoutes(app: FastifyInstance, { checkInLog }: { checkInLog: CheckInLogService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const view = { access: requires('view_check_ins') };

  routes.route({
    method: 'GET',
    url: '/admin/events/:eventId/check-ins',
    config: view,
    schema: {
      tags,
      summary: 'The event’s check-in log, newest first',
      params: eventParamsSchema,
      querystring: checkInLogQuerySchema,
      response: { 200: listResponseSchema(checkInLogEntrySchema), ...errors },
    },
    handler: async (request) => checkInLog.list(actorOf(request), request.params.eventId, request.query),
  });

  routes.route({
    method: 'GET',
    url: '/admin/events/:eventId/check-ins/export',
    config: view,
    schema: {
      tags,
      summary: 'The log with the same filters as a CSV or .xlsx file, streamed; times in the event’s time zone',
      params: eventParamsSchema,
      querystring: exportQuerySchema,
      response: { 200: fileResponse(EXPORT_CONTENT_TYPES.csv, 'One row a scan (format=xlsx: an .xlsx workbook)'), ...errors },
    },
    handler: async (request, reply) => {
      const { format, ...filter } = request.query;
      const { fileName, content } = await checkInLog.export(actorOf(request), request.params.eventId, filter, format);
      return reply
        .header('content-type', EXPORT_CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
        .send(content);
    },
  });

  routes.route({
    method: 'GET',
    url: '/admin/events/:eventId/check-in-figures',
    config: view,
    schema: {
      tags,
      summary: 'Per list: badges inside, distinct badges admitted, admitted entries per hour',
      params: eventParamsSchema,
      querystring: figuresQuerySchema,
      response: { 200: itemResponseSchema(checkInFiguresSchema), ...errors },
    },
    handler: async (request) => ({
      data: await checkInLog.figures(actorOf(request), request.params.eventId, request.query.hours),
    }),
  });
}
