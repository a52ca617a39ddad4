import {
  advancedFilterBodySchema,
  badgeListItemSchema,
  badgeSchema,
  bulkAddonAssignmentBodySchema,
  createBadgeBodySchema,
  listBadgesQuerySchema,
  updateBadgeBodySchema,
} from '@portal/shared/badges';
import { BADGE_LIST_READERS } from '@portal/shared/permissions';
import { idParamsSchema, idSchema, itemResponseSchema, listResponseSchema } from '@portal/shared/common';
import { MAX_FILE_SIZE_BYTES } from '@portal/shared/custom-fields';
import { exportQuerySchema } from '@portal/shared/exports';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { exportResponse, sendExport } from '../../lib/list-export';
import { MAX_FORM_FILES, multipartForm } from '../../lib/multipart-form';
import { errorResponses as errors, sendJson } from '../../lib/route-schemas';
import { requires, requiresAny } from '../../plugins/access';
import { cleanFileName } from '../files/files.service';
import type { BadgesService } from './badges.service';
import { uploadsByField as byField } from './field-values';

const badge = itemResponseSchema(badgeSchema);
const list = listResponseSchema(badgeListItemSchema);
const tags = ['badges'];
const fileParamsSchema = z.object({ id: idSchema, customFieldId: idSchema });

/**
 * Badges under two names: the admin API's exhibitor users and the spec's /users. Creation and
 * updates take JSON or a multipart form with custom-field files as `customField[{id}]`.
 */
export async function badgesRoutes(app: FastifyInstance, { badges }: { badges: BadgesService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const form = (fields: readonly string[], target: (request: FastifyRequest, fields: Record<string, unknown>) => Parameters<BadgesService['uploadRules']>[1]) =>
    multipartForm({
      fields,
      jsonFields: ['customFieldValues'],
      maxFiles: MAX_FORM_FILES,
      maxFileBytes: MAX_FILE_SIZE_BYTES,
      files: (request, sent) => badges.uploadRules(actorOf(request), target(request, sent)),
      receive: (part, rule) => badges.receiveUpload(part, rule),
      discard: (files) => badges.discardUploads(files),
    });
  const createForm = form(Object.keys(createBadgeBodySchema.shape), (_request, sent) => ({ badgeCategoryId: sent.badgeCategoryId }));
  const updateForm = form(Object.keys(updateBadgeBodySchema.shape), (request) => ({ badgeId: Number((request.params as { id: string }).id) }));

  for (const [base, permission] of [
    ['/admin/exhibitor-users', { view: 'view_exhibitor_users', create: 'create_exhibitor_user', update: 'update_exhibitor_user', remove: 'delete_exhibitor_user' }],
    ['/users', { view: 'view_users', create: 'create_user', update: 'update_user', remove: 'delete_user' }],
  ] as const) {
    routes.route({
      method: 'GET',
      url: base,
      // The list behind /users, /badges and /registrations: any of their guards reads it.
      config: { access: requiresAny(...BADGE_LIST_READERS) },
      schema: { tags, querystring: listBadgesQuerySchema, response: { 200: list, ...errors } },
      handler: async (request, reply) => {
        return sendJson(reply, await badges.listBadges(actorOf(request), request.query));
      },
    });

    routes.route({
      method: 'GET',
      url: `${base}/export`,
      // The service also asks for one of the list's readers: access takes one rule.
      config: { access: requires('export_data') },
      schema: {
        tags,
        summary: 'The badges of the list’s filters, scope and sort, with their custom-field answers, as an .xlsx or CSV file, streamed',
        querystring: exportQuerySchema(listBadgesQuerySchema),
        response: { 200: exportResponse('One row a badge, one column a custom field'), ...errors },
      },
      handler: async (request, reply) => {
        const { format, ...filter } = request.query;
        return sendExport(reply, format, await badges.exportBadges(actorOf(request), filter, format));
      },
    });

    routes.route({
      method: 'GET',
      url: `${base}/:id`,
      config: { access: requires(permission.view) },
      schema: { tags, params: idParamsSchema, response: { 200: badge, ...errors } },
      handler: async (request) => ({ data: await badges.getBadge(actorOf(request), request.params.id) }),
    });

    routes.route({
      method: 'POST',
      url: base,
      config: { access: requires(permission.create) },
      preValidation: createForm.preValidation,
      schema: { tags, body: createBadgeBodySchema, response: { 201: badge, ...errors } },
      handler: async (request, reply) =>
        reply.code(201).send({ data: await badges.createBadge(actorOf(request), request.body, byField(createForm.files(request))) }),
    });

    routes.route({
      method: 'PUT',
      url: `${base}/:id`,
      // Editing a badge is the spec's UPDATE_USER screen for both names.
      config: { access: permission.update === 'update_user' ? requires('update_user') : requiresAny(permission.update, 'update_user') },
      preValidation: updateForm.preValidation,
      schema: { tags, params: idParamsSchema, body: updateBadgeBodySchema, response: { 200: badge, ...errors } },
      handler: async (request) => ({
        data: await badges.updateBadge(actorOf(request), request.params.id, request.body, byField(updateForm.files(request))),
      }),
    });

    routes.route({
      method: 'GET',
      url: `${base}/:id/files/:customFieldId`,
      config: { access: requires(permission.view) },
      schema: { tags, summary: 'Downloads the file a badge gave as an answer', params: fileParamsSchema },
      handler: async (request, reply) => {
        const { file, content } = await badges.openAnswerFile(actorOf(request), request.params.id, request.params.customFieldId);
        // Always a download, under the type detected at upload: never rendered by the browser.
        return reply
          .header('content-type', file.contentType)
          // Cleaned again: names stored before direction controls were stripped may still carry them.
          .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(cleanFileName(file.originalName))}`)
          .header('content-length', String(file.sizeBytes))
          .send(content);
      },
    });

    routes.route({
      method: 'DELETE',
      url: `${base}/:id`,
      config: { access: requires(permission.remove) },
      schema: { tags, params: idParamsSchema, response: { 204: z.null(), ...errors } },
      handler: async (request, reply) => {
        await badges.deleteBadge(actorOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    });
  }

  routes.route({
    method: 'PATCH',
    url: '/admin/users/bulk-addon-assignment',
    config: { access: requiresAny('update_exhibitor_user', 'update_user') },
    schema: {
      tags,
      body: bulkAddonAssignmentBodySchema,
      response: { 200: z.object({ data: z.object({ changed: z.number().int(), unchanged: z.number().int() }) }), ...errors },
    },
    handler: (request) => badges.assignAddons(actorOf(request), request.body),
  });

  routes.route({
    method: 'POST',
    url: '/admin/exhibitor-users/advanced-filter',
    config: { access: requires('view_exhibitor_users') },
    schema: { tags, body: advancedFilterBodySchema, response: { 200: list, ...errors } },
    handler: async (request, reply) => {
      return sendJson(reply, await badges.advancedFilter(actorOf(request), request.body));
    },
  });
}
