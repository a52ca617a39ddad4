import { eventParamsSchema } from '@portal/shared/badge-categories';
import { idParamsSchema, itemResponseSchema, listResponseSchema } from '@portal/shared/common';
import {
  exhibitorLeadAccessBodySchema,
  exhibitorLeadSummarySchema,
  leadConsentQuestionSchema,
  leadSettingsBodySchema,
  leadSettingsWithFieldsSchema,
  leadSummaryListQuerySchema,
} from '@portal/shared/leads';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { errorResponses as errors } from '../../lib/route-schemas';
import { BADGE_LIST_READERS } from '@portal/shared/permissions';
import { requires, requiresAny } from '../../plugins/access';
import type { LeadSettingsService } from './lead-settings.service';

const tags = ['leads'];
const settings = itemResponseSchema(leadSettingsWithFieldsSchema);

/** The organiser's lead settings and the exhibitors' lead counts (docs/leads.md, "The organiser's side"). */
export async function leadSettingsRoutes(app: FastifyInstance, { leadSettings }: { leadSettings: LeadSettingsService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const manage = { access: requires('manage_leads') };

  routes.route({
    method: 'GET',
    url: '/admin/events/:eventId/lead-settings',
    config: manage,
    schema: {
      tags,
      summary: 'The event’s lead settings (the defaults until saved) and the fields a scan may release',
      params: eventParamsSchema,
      response: { 200: settings, ...errors },
    },
    handler: async (request) => ({ data: await leadSettings.get(actorOf(request), request.params.eventId) }),
  });

  routes.route({
    method: 'PUT',
    url: '/admin/events/:eventId/lead-settings',
    config: manage,
    schema: {
      tags,
      summary: 'Saves the released fields, the consent question (a new wording is a new version), retention and default scanning',
      params: eventParamsSchema,
      body: leadSettingsBodySchema,
      response: { 200: settings, ...errors },
    },
    handler: async (request) => ({
      data: await leadSettings.update(actorOf(request), request.params.eventId, request.body),
    }),
  });

  routes.route({
    method: 'GET',
    url: '/admin/events/:eventId/lead-consent',
    config: { access: requiresAny(...BADGE_LIST_READERS) },
    schema: {
      tags,
      summary: 'The consent question the event asks a badge holder, for the badge forms; null when it asks none',
      params: eventParamsSchema,
      response: { 200: itemResponseSchema(leadConsentQuestionSchema.nullable()), ...errors },
    },
    handler: async (request) => ({ data: await leadSettings.consentQuestion(actorOf(request), request.params.eventId) }),
  });

  routes.route({
    method: 'GET',
    url: '/admin/events/:eventId/lead-summaries',
    config: manage,
    schema: {
      tags,
      summary: 'Every exhibitor of the event with its number of leads and scanners and whether it scans; never the leads',
      params: eventParamsSchema,
      querystring: leadSummaryListQuerySchema,
      response: { 200: listResponseSchema(exhibitorLeadSummarySchema), ...errors },
    },
    handler: (request) => leadSettings.listSummaries(actorOf(request), request.params.eventId, request.query),
  });

  routes.route({
    method: 'PUT',
    url: '/admin/exhibitors/:id/lead-access',
    config: manage,
    schema: {
      tags,
      summary: 'Turns lead scanning on or off for one exhibitor (null: the event’s default)',
      params: idParamsSchema,
      body: exhibitorLeadAccessBodySchema,
      response: { 200: itemResponseSchema(exhibitorLeadSummarySchema), ...errors },
    },
    handler: async (request) => ({
      data: await leadSettings.setExhibitorAccess(actorOf(request), request.params.id, request.body.scanningEnabled),
    }),
  });
}
