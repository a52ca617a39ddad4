import {
  auditExportQuerySchema,
  auditPageSchema,
  auditQuerySchema,
  recordHistoryParamsSchema,
  recordHistoryQuerySchema,
} from '@portal/shared/audit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { EXPORT_CONTENT_TYPES } from '../../lib/list-export';
import { errorResponses as errors, fileResponse, sendJson } from '../../lib/route-schemas';
import { requires, signedIn } from '../../plugins/access';
import type { AuditService } from './audit.service';

const tags = ['history'];
/** The audit log and the History of single records (docs/history.md). */
export async function auditRoutes(app: FastifyInstance, { audit }: { audit: AuditService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'GET',
    url: '/audit',
    config: { access: requires('view_logs') },
    schema: {
      tags,
      summary:
        'The audit log within the caller’s reach, filtered, newest first, a page at a time (pass meta.nextBefore as before)',
      querystring: auditQuerySchema,
      response: { 200: auditPageSchema, ...errors },
    },
    handler: async (request, reply) => sendJson(reply, await audit.list(actorOf(request), request.query)),
  });

  routes.route({
    method: 'GET',
    url: '/audit/export',
    config: { access: requires('view_logs', 'export_data') },
    schema: {
      tags,
      summary: 'The log with the same filters as a CSV or .xlsx file, streamed, newest first',
      querystring: auditExportQuerySchema,
      response: {
        200: fileResponse(EXPORT_CONTENT_TYPES.csv, 'One row an entry (format=xlsx: an .xlsx workbook)'),
        ...errors,
      },
    },
    handler: async (request, reply) => {
      const { format, ...filter } = request.query;
      const { fileName, content } = audit.export(actorOf(request), filter, format);
      return reply
        .header('content-type', EXPORT_CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
        .send(content);
    },
  });

  routes.route({
    method: 'GET',
    url: '/audit/records/:kind/:id',
    // The record's own read permission and scope decide, per kind, in the service.
    config: { access: signedIn },
    schema: {
      tags,
      summary:
        'A record’s history, for whoever may read the record; an exhibitor’s staff see the entries about their own records only',
      params: recordHistoryParamsSchema,
      querystring: recordHistoryQuerySchema,
      response: { 200: auditPageSchema, ...errors },
    },
    handler: async (request, reply) =>
      sendJson(
        reply,
        await audit.recordHistory(actorOf(request), request.params.kind, request.params.id, request.query),
      ),
  });
}
