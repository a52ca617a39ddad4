import { billingDocumentSchema } from '@portal/shared/allocation-purchases';
import { eInvoiceQuerySchema, invoiceArchiveQuerySchema } from '@portal/shared/billing-documents';
import { idParamsSchema, itemResponseSchema } from '@portal/shared/common';
import { eventParamsSchema } from '@portal/shared/badge-categories';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { errorResponses as errors, fileResponse } from '../../lib/route-schemas';
import { requires } from '../../plugins/access';
import { sendPicture } from '../files/picture-upload';
import type { DocumentFile, InvoicesService } from './invoices.service';

const document = itemResponseSchema(billingDocumentSchema);
const tags = ['invoices'];
const XML = 'application/xml';

function sendFile(reply: FastifyReply, contentType: string, { fileName, content }: DocumentFile) {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .send(content);
}

const logoResponse = fileResponse('image/png', 'The PNG or JPEG the document was issued with (its own content type)');

/**
 * Issued documents as JSON (the web app draws them in the browser too), as the server's PDFs and as
 * EN 16931 e-invoices: a document's PDF is at its JSON address plus `.pdf`, its XML plus `.xml`, the
 * event's archive at its list's plus `.zip`; its logo, frozen at issue, at its JSON address plus `/logo`.
 */
export async function invoicesRoutes(app: FastifyInstance, { invoices }: { invoices: InvoicesService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'GET',
    url: '/admin/allocation-purchases/:id/invoice',
    config: { access: requires('view_allocation_purchase') },
    schema: { tags, params: idParamsSchema, response: { 200: document, ...errors } },
    handler: async (request) => ({ data: await invoices.getInvoice(actorOf(request), request.params.id) }),
  });

  routes.route({
    method: 'GET',
    url: '/admin/credit-notes/:id',
    config: { access: requires('view_allocation_purchase') },
    schema: { tags, params: idParamsSchema, response: { 200: document, ...errors } },
    handler: async (request) => ({ data: await invoices.getCreditNote(actorOf(request), request.params.id) }),
  });

  routes.route({
    method: 'GET',
    url: '/admin/allocation-purchases/:id/invoice/logo',
    config: { access: requires('view_allocation_purchase') },
    schema: {
      tags,
      summary: 'The issuer logo a purchase’s current invoice was issued with; 404 when it has none',
      params: idParamsSchema,
      response: { 200: logoResponse, ...errors },
    },
    handler: async (request, reply) => sendPicture(reply, await invoices.invoiceLogo(actorOf(request), request.params.id)),
  });

  routes.route({
    method: 'GET',
    url: '/admin/credit-notes/:id/logo',
    config: { access: requires('view_allocation_purchase') },
    schema: {
      tags,
      summary: 'The issuer logo a credit note was issued with; 404 when it has none',
      params: idParamsSchema,
      response: { 200: logoResponse, ...errors },
    },
    handler: async (request, reply) => sendPicture(reply, await invoices.creditNoteLogo(actorOf(request), request.params.id)),
  });

  routes.route({
    method: 'GET',
    url: '/admin/events/:eventId/invoices',
    config: { access: requires('view_allocation_purchase') },
    schema: {
      tags,
      params: eventParamsSchema,
      response: { 200: z.object({ data: z.array(billingDocumentSchema) }), ...errors },
    },
    handler: async (request) => ({ data: await invoices.eventDocuments(actorOf(request), request.params.eventId) }),
  });

  routes.route({
    method: 'GET',
    url: '/admin/allocation-purchases/:id/invoice.pdf',
    config: { access: requires('view_allocation_purchase') },
    schema: {
      tags,
      summary: 'A purchase’s current invoice as a PDF/A-3 file',
      params: idParamsSchema,
      response: { 200: fileResponse('application/pdf', 'The invoice, named by its number'), ...errors },
    },
    handler: async (request, reply) =>
      sendFile(reply, 'application/pdf', await invoices.invoicePdf(actorOf(request), request.params.id)),
  });

  routes.route({
    method: 'GET',
    url: '/admin/credit-notes/:id.pdf',
    config: { access: requires('view_allocation_purchase') },
    schema: {
      tags,
      summary: 'One credit note as a PDF/A-3 file',
      params: idParamsSchema,
      response: { 200: fileResponse('application/pdf', 'The credit note, named by its number'), ...errors },
    },
    handler: async (request, reply) =>
      sendFile(reply, 'application/pdf', await invoices.creditNotePdf(actorOf(request), request.params.id)),
  });

  routes.route({
    method: 'GET',
    url: '/admin/allocation-purchases/:id/invoice.xml',
    config: { access: requires('view_allocation_purchase') },
    schema: {
      tags,
      summary: 'A purchase’s current invoice as an EN 16931 e-invoice (CII XML, the file its PDF embeds), or as XRechnung 3.0',
      description:
        '`profile=xrechnung` writes the XRechnung 3.0 CII (German CIUS). Answers 422 naming what the invoice lacks when it cannot be one (no issuer country, say; for XRechnung each missing field in `details`).',
      params: idParamsSchema,
      querystring: eInvoiceQuerySchema,
      response: { 200: fileResponse(XML, 'The e-invoice, named by the invoice’s number'), ...errors },
    },
    handler: async (request, reply) =>
      sendFile(reply, XML, await invoices.invoiceXml(actorOf(request), request.params.id, request.query.profile)),
  });

  routes.route({
    method: 'GET',
    url: '/admin/credit-notes/:id.xml',
    config: { access: requires('view_allocation_purchase') },
    schema: {
      tags,
      summary: 'One credit note as an EN 16931 e-invoice (CII XML, type 381, the file its PDF embeds), or as XRechnung 3.0',
      description:
        '`profile=xrechnung` writes the XRechnung 3.0 CII. Answers 422 naming what the credit note lacks when it cannot be one.',
      params: idParamsSchema,
      querystring: eInvoiceQuerySchema,
      response: { 200: fileResponse(XML, 'The e-invoice, named by the credit note’s number'), ...errors },
    },
    handler: async (request, reply) =>
      sendFile(reply, XML, await invoices.creditNoteXml(actorOf(request), request.params.id, request.query.profile)),
  });

  routes.route({
    method: 'GET',
    url: '/admin/events/:eventId/invoices.zip',
    config: { access: requires('view_allocation_purchase') },
    schema: {
      tags,
      summary: 'The PDFs and e-invoices of the event’s invoices and credit notes the caller reaches, as one streamed ZIP',
      params: eventParamsSchema,
      querystring: invoiceArchiveQuerySchema,
      response: {
        200: fileResponse(
          'application/zip',
          'One `{number}.pdf` a document and its `{number}.xml` when it can be an e-invoice; the X-Document-Count header says how many documents',
        ),
        ...errors,
      },
    },
    handler: async (request, reply) => {
      const archive = await invoices.archive(actorOf(request), request.params.eventId, request.query);
      return sendFile(reply.header('x-document-count', String(archive.count)), 'application/zip', archive);
    },
  });

  for (const [format, contentType] of [
    ['csv', 'text/csv; charset=utf-8'],
    ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ] as const) {
    routes.route({
      method: 'GET',
      url: `/admin/events/:eventId/invoices.${format}`,
      config: { access: requires('view_allocation_purchase') },
      schema: {
        tags,
        params: eventParamsSchema,
        querystring: invoiceArchiveQuerySchema,
        response: {
          200: fileResponse(contentType, 'One row a document; the X-Document-Count header says how many'),
          ...errors,
        },
      },
      handler: async (request, reply) => {
        const register = await invoices.register(actorOf(request), request.params.eventId, request.query, format);
        return sendFile(reply.header('x-document-count', String(register.count)), contentType, register);
      },
    });
  }
}
