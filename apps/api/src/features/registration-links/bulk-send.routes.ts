import {
  bulkSendFieldsSchema,
  bulkSendRefusalSchema,
  bulkSendReportSchema,
  BULK_SEND_MAX_BYTES,
} from '@portal/shared/bulk-send';
import { itemResponseSchema } from '@portal/shared/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { multipartForm } from '../../lib/multipart-form';
import { errorResponses as errors } from '../../lib/route-schemas';
import { requires } from '../../plugins/access';
import { discardSheet, receiveSheet, type ReceivedSheet } from '../bulk-imports/read-file';
import type { BulkSendService } from './bulk-send.service';
import { buildBulkSendTemplate } from './bulk-send.spreadsheet';

const tags = ['registration-links'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The spreadsheet goes to a temporary file and is read like an import's: .xlsx or .csv, bombs refused. */
const form = multipartForm<{ maxBytes: number }, ReceivedSheet>({
  fields: Object.keys(bulkSendFieldsSchema.shape),
  maxFiles: 1,
  maxFileBytes: BULK_SEND_MAX_BYTES,
  fileField: 'file',
  files: async () => new Map([['file', { maxBytes: BULK_SEND_MAX_BYTES }]]),
  receive: (part, rule) => receiveSheet(part, rule.maxBytes),
  discard: async (files) => {
    await Promise.all(files.map(discardSheet));
  },
});

export async function bulkSendRoutes(app: FastifyInstance, { bulkSend }: { bulkSend: BulkSendService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'GET',
    url: '/admin/registration-links/bulk-user-badge-category/template',
    config: { access: requires('create_exhibitor_user') },
    schema: { tags },
    handler: async (_request, reply) =>
      reply
        .header('content-type', XLSX)
        .header('content-disposition', 'attachment; filename="registration-links.xlsx"')
        .send(await buildBulkSendTemplate()),
  });

  routes.route({
    method: 'POST',
    url: '/admin/registration-links/bulk-user-badge-category/upload',
    config: { access: requires('create_exhibitor_user') },
    preValidation: form.preValidation,
    schema: {
      tags,
      body: bulkSendFieldsSchema,
      response: { 200: itemResponseSchema(bulkSendReportSchema), ...errors, 422: bulkSendRefusalSchema },
    },
    handler: async (request, reply) => {
      const file = form.files(request).get('file');
      const { refused, report } = await bulkSend
        .upload(actorOf(request), request.body, file)
        .finally(() => file && discardSheet(file));
      if (!refused) return reply.code(200).send({ data: report });
      return reply.code(422).send({
        statusCode: 422,
        error: 'Unprocessable Entity',
        message: `${report.invalidRows} of ${report.totalRows} rows cannot be sent: nothing was sent`,
        report,
      });
    },
  });
}
