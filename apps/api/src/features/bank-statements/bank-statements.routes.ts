import {
  BANK_STATEMENT_MAX_BYTES,
  bankStatementFieldsSchema,
  bankStatementPreviewSchema,
  bankStatementRecordedSchema,
  confirmBankStatementFieldsSchema,
} from '@portal/shared/bank-statements';
import { eventParamsSchema } from '@portal/shared/badge-categories';
import { itemResponseSchema } from '@portal/shared/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { AppError, ValidationError } from '../../lib/errors';
import { multipartForm, type FilePart } from '../../lib/multipart-form';
import { errorResponses as errors } from '../../lib/route-schemas';
import { requires } from '../../plugins/access';
import type { BankStatementsService } from './bank-statements.service';

const tags = ['payments'];
// Recording a transfer read from a statement is recording a transfer: the permissions of POST /payments.
const access = requires('create_payment', 'update_allocation_purchase');

function tooLarge(): AppError {
  const message = `The statement is larger than ${BANK_STATEMENT_MAX_BYTES / (1024 * 1024)} MB; export a shorter period`;
  return new AppError(413, 'Payload Too Large', message, [{ field: 'file', message }]);
}

/** A statement is small (5 MB at most) and read whole, so it is held in memory for the request only. */
async function receiveStatement(part: FilePart): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of part.content) {
    size += chunk.length;
    if (size > BANK_STATEMENT_MAX_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Bank statements of an event (CAMT.053 or CSV) as multipart forms: the statement as `file`, the
 * CSV's column mapping as the JSON field `mapping`; confirm adds the ticked line keys as `lines`.
 */
export async function bankStatementsRoutes(app: FastifyInstance, { bankStatements }: { bankStatements: BankStatementsService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const form = multipartForm<{ maxBytes: number }, Buffer>({
    fields: ['format', 'mapping', 'lines'],
    jsonFields: ['mapping', 'lines'],
    maxFiles: 1,
    maxFileBytes: BANK_STATEMENT_MAX_BYTES,
    fileField: 'file',
    files: async () => new Map([['file', { maxBytes: BANK_STATEMENT_MAX_BYTES }]]),
    receive: receiveStatement,
    discard: async () => {},
  });
  const statementOf = (request: FastifyRequest) => {
    const file = form.files(request).get('file');
    if (!file) throw ValidationError.field('file', 'Attach the bank statement (CAMT.053 .xml or .csv) as `file`');
    return file;
  };

  routes.route({
    method: 'POST',
    url: '/admin/events/:eventId/bank-statements/preview',
    config: { access },
    preValidation: form.preValidation,
    schema: {
      tags,
      summary: 'Reads a bank statement and matches its lines to the event’s invoices, recording nothing',
      params: eventParamsSchema,
      body: bankStatementFieldsSchema,
      response: { 200: itemResponseSchema(bankStatementPreviewSchema), ...errors },
    },
    handler: async (request) => ({
      data: await bankStatements.preview(actorOf(request), request.params.eventId, request.body, statementOf(request)),
    }),
  });

  routes.route({
    method: 'POST',
    url: '/admin/events/:eventId/bank-statements/confirm',
    config: { access },
    preValidation: form.preValidation,
    schema: {
      tags,
      summary: 'Records the ticked lines of a bank statement as payments of their invoices, all or none',
      params: eventParamsSchema,
      body: confirmBankStatementFieldsSchema,
      response: { 200: itemResponseSchema(bankStatementRecordedSchema), ...errors },
    },
    handler: async (request) => ({
      data: await bankStatements.confirm(actorOf(request), request.params.eventId, request.body, statementOf(request)),
    }),
  });
}
