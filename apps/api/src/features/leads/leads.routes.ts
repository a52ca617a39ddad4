import { idParamsSchema, itemResponseSchema, listQuerySchema, listResponseSchema } from '@portal/shared/common';
import {
  capturedLeadSchema,
  captureLeadBodySchema,
  leadExportLogEntrySchema,
  leadExportQuerySchema,
  leadFiguresSchema,
  leadAccessSchema,
  leadListQuerySchema,
  leadSchema,
  leadSeatsBodySchema,
  leadSeatsSchema,
  leadTeamSettingsSchema,
  updateLeadBodySchema,
} from '@portal/shared/leads';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { EXPORT_CONTENT_TYPES } from '../../lib/list-export';
import { errorResponses as errors, fileResponse } from '../../lib/route-schemas';
import { requires } from '../../plugins/access';
import type { LeadsService } from './leads.service';

const tags = ['leads'];
const captured = itemResponseSchema(capturedLeadSchema);
const lead = itemResponseSchema(leadSchema);
const teamSettings = itemResponseSchema(leadTeamSettingsSchema);
const seats = itemResponseSchema(leadSeatsSchema);

/**
 * An exhibitor's leads, for its own account and its sub-accounts (docs/leads.md). Every route takes
 * `scan_leads` and an exhibitor's staff; what of a visitor goes out is the event's release.
 */
export async function leadsRoutes(app: FastifyInstance, { leads }: { leads: LeadsService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: requires('scan_leads') };

  routes.route({
    method: 'POST',
    url: '/leads',
    config,
    schema: {
      tags,
      summary: 'Captures a scanned badge as a lead (201), or adds the scan to the visitor’s lead (200); the same nonce again answers the same',
      body: captureLeadBodySchema,
      response: { 200: captured, 201: captured, ...errors },
    },
    handler: async (request, reply) => {
      const answer = await leads.capture(actorOf(request), request.body);
      return reply.code(answer.created ? 201 : 200).send({ data: answer });
    },
  });

  routes.route({
    method: 'GET',
    url: '/leads',
    config,
    schema: {
      tags,
      summary: 'The leads the caller reaches, filtered and sorted, a page at a time',
      querystring: leadListQuerySchema,
      response: { 200: listResponseSchema(leadSchema), ...errors },
    },
    handler: async (request) => leads.list(actorOf(request), request.query),
  });

  routes.route({
    method: 'GET',
    url: '/leads/figures',
    config,
    schema: {
      tags,
      summary: 'Leads per day (the event’s time zone) and per staff member who scanned them',
      response: { 200: itemResponseSchema(leadFiguresSchema), ...errors },
    },
    handler: async (request) => ({ data: await leads.figures(actorOf(request)) }),
  });

  routes.route({
    method: 'GET',
    url: '/leads/export',
    config,
    schema: {
      tags,
      summary: 'The leads with the list’s filters and sort as a CSV or .xlsx file, streamed; every export is logged',
      querystring: leadExportQuerySchema,
      response: { 200: fileResponse(EXPORT_CONTENT_TYPES.xlsx, 'One row a lead (format=csv: CSV)'), ...errors },
    },
    handler: async (request, reply) => {
      const { format, ...filter } = request.query;
      const { fileName, content } = await leads.export(actorOf(request), filter, format);
      return reply
        .header('content-type', EXPORT_CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
        .send(content);
    },
  });

  routes.route({
    method: 'GET',
    url: '/leads/exports',
    config,
    schema: {
      tags,
      summary: 'Who exported the exhibitor’s leads and when, newest first (the exhibitor’s own account only)',
      querystring: listQuerySchema.pick({ page: true, per_page: true }),
      response: { 200: listResponseSchema(leadExportLogEntrySchema), ...errors },
    },
    handler: async (request) => leads.exportLog(actorOf(request), request.query),
  });

  routes.route({
    method: 'GET',
    url: '/leads/team-settings',
    config,
    schema: {
      tags,
      summary: 'Whether the exhibitor’s sub-accounts see every lead of the team (the exhibitor’s own account only)',
      response: { 200: teamSettings, ...errors },
    },
    handler: async (request) => ({ data: await leads.teamSettings(actorOf(request)) }),
  });

  routes.route({
    method: 'PUT',
    url: '/leads/team-settings',
    config,
    schema: {
      tags,
      summary: 'Shares every lead with the sub-accounts, or lets each see the leads it scanned',
      body: leadTeamSettingsSchema,
      response: { 200: teamSettings, ...errors },
    },
    handler: async (request) => ({ data: await leads.saveTeamSettings(actorOf(request), request.body) }),
  });

  routes.route({
    method: 'GET',
    url: '/leads/access',
    config,
    schema: {
      tags,
      summary: 'Whether the caller may scan leads now, and if not, what to do about it',
      response: { 200: itemResponseSchema(leadAccessSchema), ...errors },
    },
    handler: async (request) => ({ data: await leads.access(actorOf(request)) }),
  });

  routes.route({
    method: 'GET',
    url: '/leads/seats',
    config,
    schema: {
      tags,
      summary: 'The lead-scanning seats bought as an add-on and who of the staff holds one (the exhibitor’s own account only)',
      response: { 200: seats, ...errors },
    },
    handler: async (request) => ({ data: await leads.seats(actorOf(request)) }),
  });

  routes.route({
    method: 'PUT',
    url: '/leads/seats',
    config,
    schema: {
      tags,
      summary: 'Gives the lead-scanning seats to exactly these staff (the exhibitor’s own account only)',
      body: leadSeatsBodySchema,
      response: { 200: seats, ...errors },
    },
    handler: async (request) => ({ data: await leads.saveSeats(actorOf(request), request.body.adminIds) }),
  });

  routes.route({
    method: 'GET',
    url: '/leads/:id',
    config,
    schema: { tags, summary: 'One lead', params: idParamsSchema, response: { 200: lead, ...errors } },
    handler: async (request) => ({ data: await leads.get(actorOf(request), request.params.id) }),
  });

  routes.route({
    method: 'PUT',
    url: '/leads/:id',
    config,
    schema: {
      tags,
      summary: 'Qualifies a lead: rating, tags (merged three ways with baseTags), notes by id, answers per question',
      params: idParamsSchema,
      body: updateLeadBodySchema,
      response: { 200: lead, ...errors },
    },
    handler: async (request) => ({ data: await leads.update(actorOf(request), request.params.id, request.body) }),
  });

  routes.route({
    method: 'DELETE',
    url: '/leads/:id',
    config,
    schema: { tags, summary: 'Deletes a lead', params: idParamsSchema, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await leads.remove(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });
}
