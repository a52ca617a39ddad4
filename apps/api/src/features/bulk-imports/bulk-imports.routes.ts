import {
  BULK_IMPORT_KINDS,
  BULK_IMPORT_MAX_BYTES,
  bulkImportFieldsSchema,
  bulkImportReportSchema,
  bulkImportTemplateQuerySchema,
  type BulkImportKind,
} from '@portal/shared/bulk-imports';
import type { Permission } from '@portal/shared/permissions';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { ValidationError } from '../../lib/errors';
import { multipartForm } from '../../lib/multipart-form';
import { errorResponses as errors } from '../../lib/route-schemas';
import { requires } from '../../plugins/access';
import type { BulkImportsService } from './bulk-imports.service';
import { discardSheet, receiveSheet, type ReceivedSheet } from './read-file';

const tags = ['bulk-imports'];
/** A refused import: the standard error body with the report of the rows that stopped it. */
const refusedSchema = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  report: bulkImportReportSchema,
});
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Creating is what each import needs; updating matched rows asks for more, row by row (see the kinds). */
const PERMISSION: Record<BulkImportKind, Permission> = {
  exhibitors: 'create_exhibitor',
  'sub-accounts': 'create_sub_account',
  'exhibitor-users': 'create_exhibitor_user',
};

function sendXlsx(reply: FastifyReply, content: Buffer, fileName: string) {
  return reply
    .header('content-type', XLSX)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('content-length', String(content.length))
    .send(content);
}

/**
 * Spreadsheet imports (spec §7 bulk upload): one multipart call per kind, its `step` saying whether
 * to check the file, import it or answer it with an error column; and the kind's template.
 */
export async function bulkImportsRoutes(app: FastifyInstance, { bulkImports }: { bulkImports: BulkImportsService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const form = multipartForm<{ maxBytes: number }, ReceivedSheet>({
    fields: Object.keys(bulkImportFieldsSchema.shape),
    maxFiles: 1,
    maxFileBytes: BULK_IMPORT_MAX_BYTES,
    fileField: 'file',
    files: async () => new Map([['file', { maxBytes: BULK_IMPORT_MAX_BYTES }]]),
    receive: (part) => receiveSheet(part),
    discard: async (files) => {
      await Promise.all(files.map(discardSheet));
    },
  });

  for (const kind of BULK_IMPORT_KINDS) {
    routes.route({
      method: 'POST',
      url: `/admin/bulk-upload/${kind}`,
      config: { access: requires(PERMISSION[kind]) },
      preValidation: form.preValidation,
      schema: {
        tags,
        summary: `Checks, imports or annotates a spreadsheet of ${kind}`,
        body: bulkImportFieldsSchema,
        response: { ...errors, 200: bulkImportReportSchema, 422: refusedSchema },
      },
      handler: async (request, reply) => {
        const file = form.files(request).get('file');
        if (!file) throw ValidationError.field('file', 'Attach the spreadsheet (.xlsx or .csv) as `file`');
        try {
          const { step, ...fields } = request.body;
          const actor = actorOf(request);
          if (step === 'report') {
            const { content, fileName } = await bulkImports.reportFile(actor, kind, fields, file);
            return await sendXlsx(reply, content, fileName);
          }
          if (step === 'validate') return await bulkImports.validate(actor, kind, fields, file);
          const outcome = await bulkImports.import(actor, kind, fields, file);
          if (outcome.status === 200) return outcome.report;
          const message = `${outcome.report.invalidRows} of ${outcome.report.totalRows} rows are not valid; nothing was imported`;
          return await reply
            .code(422)
            .send({ statusCode: 422, error: 'Unprocessable Entity', message, report: outcome.report });
        } finally {
          await discardSheet(file);
        }
      },
    });

    routes.route({
      method: 'GET',
      url: `/admin/bulk-upload/${kind}/template`,
      config: { access: requires(PERMISSION[kind]) },
      schema: {
        tags,
        summary: `Downloads the spreadsheet template for importing ${kind}`,
        querystring: bulkImportTemplateQuerySchema,
      },
      handler: async (request, reply) => {
        const { content, fileName } = await bulkImports.template(actorOf(request), kind, request.query);
        return sendXlsx(reply, content, fileName);
      },
    });
  }
}
