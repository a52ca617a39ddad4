import {
  BADGE_LAYOUT_IMAGE_FIELD,
  BADGE_LAYOUT_IMAGE_KINDS,
  BADGE_LAYOUT_IMAGE_MAX_BYTES,
  badgeLayoutInputSchema,
  badgeLayoutListSchema,
  badgeLayoutPreviewBodySchema,
  badgeLayoutPreviewSchema,
  badgeLayoutSchema,
  replaceBadgeLayoutAssignmentsBodySchema,
  type BadgeLayoutImageKind,
} from '@portal/shared/badge-layouts';
import { idParamsSchema, itemResponseSchema } from '@portal/shared/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { multipartForm } from '../../lib/multipart-form';
import { sendPicture } from '../files/picture-upload';
import { errorResponses as errors, fileResponse } from '../../lib/route-schemas';
import { requires, requiresAny } from '../../plugins/access';
import type { BadgeLayoutsService } from './badge-layouts.service';

const layout = itemResponseSchema(badgeLayoutSchema);
const tags = ['badge-layouts'];
const IMAGE_NAMES: Readonly<Record<BadgeLayoutImageKind, string>> = { logo: 'logo', background: 'background image' };

/** Badge layouts, their assignment, the preview and the single badge PDF (docs/printing.md). */
export async function badgeLayoutsRoutes(app: FastifyInstance, { badgeLayouts }: { badgeLayouts: BadgeLayoutsService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const manage = { access: requires('manage_badge_layouts') };

  routes.route({
    method: 'GET',
    url: '/admin/events/:id/badge-layouts',
    config: { access: requiresAny('manage_badge_layouts', 'print_badges') },
    schema: { tags, summary: 'The event’s badge layouts and their assignments', params: idParamsSchema, response: { 200: badgeLayoutListSchema, ...errors } },
    handler: async (request) => badgeLayouts.list(actorOf(request), request.params.id),
  });

  routes.route({
    method: 'POST',
    url: '/admin/events/:id/badge-layouts',
    config: manage,
    schema: { tags, summary: 'Creates a badge layout for the event', params: idParamsSchema, body: badgeLayoutInputSchema, response: { 201: layout, ...errors } },
    handler: async (request, reply) => reply.code(201).send({ data: await badgeLayouts.create(actorOf(request), request.params.id, request.body) }),
  });

  routes.route({
    method: 'POST',
    url: '/admin/events/:id/badge-layouts/preview',
    config: manage,
    schema: {
      tags,
      summary: 'The layout drawn as SVG by the print’s engine, with a badge, the longest-named badge or a sample',
      params: idParamsSchema,
      body: badgeLayoutPreviewBodySchema,
      response: { 200: badgeLayoutPreviewSchema, ...errors },
    },
    handler: async (request) => badgeLayouts.preview(actorOf(request), request.params.id, request.body),
  });

  routes.route({
    method: 'PUT',
    url: '/admin/events/:id/badge-layout-assignments',
    config: manage,
    schema: {
      tags,
      summary: 'Replaces all of the event’s layout assignments',
      params: idParamsSchema,
      body: replaceBadgeLayoutAssignmentsBodySchema,
      response: { 200: badgeLayoutListSchema, ...errors },
    },
    handler: async (request) => badgeLayouts.replaceAssignments(actorOf(request), request.params.id, request.body.assignments),
  });

  routes.route({
    method: 'GET',
    url: '/admin/badge-layouts/:id',
    config: manage,
    schema: { tags, summary: 'One badge layout', params: idParamsSchema, response: { 200: layout, ...errors } },
    handler: async (request) => ({ data: await badgeLayouts.get(actorOf(request), request.params.id) }),
  });

  routes.route({
    method: 'PUT',
    url: '/admin/badge-layouts/:id',
    config: manage,
    schema: { tags, summary: 'Changes a badge layout', params: idParamsSchema, body: badgeLayoutInputSchema, response: { 200: layout, ...errors } },
    handler: async (request) => ({ data: await badgeLayouts.update(actorOf(request), request.params.id, request.body) }),
  });

  routes.route({
    method: 'DELETE',
    url: '/admin/badge-layouts/:id',
    config: manage,
    schema: { tags, summary: 'Deletes a layout that is not assigned (409 while it is)', params: idParamsSchema, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await badgeLayouts.remove(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  for (const kind of BADGE_LAYOUT_IMAGE_KINDS) {
    const url = `/admin/badge-layouts/:id/${kind}`;
    const form = multipartForm({
      fields: [],
      maxFiles: 1,
      maxFileBytes: BADGE_LAYOUT_IMAGE_MAX_BYTES,
      fileField: BADGE_LAYOUT_IMAGE_FIELD,
      files: (request) => badgeLayouts.imageRules(actorOf(request), (request.params as { id: number }).id),
      receive: (part) => badgeLayouts.receiveImage(part),
      discard: (uploads) => badgeLayouts.discardImages(uploads),
    });

    routes.route({
      method: 'GET',
      url,
      config: manage,
      schema: { tags, summary: `The layout’s ${IMAGE_NAMES[kind]}`, params: idParamsSchema },
      handler: async (request, reply) => {
        const { file, content } = await badgeLayouts.openImage(actorOf(request), request.params.id, kind);
        return sendPicture(reply, { ...file, content });
      },
    });

    routes.route({
      method: 'PUT',
      url,
      config: manage,
      preValidation: form.preValidation,
      schema: {
        tags,
        summary: `Sets the layout’s ${IMAGE_NAMES[kind]}: a multipart form with one PNG or JPEG of at most 4 MiB as \`${BADGE_LAYOUT_IMAGE_FIELD}\``,
        params: idParamsSchema,
        response: { 200: layout, ...errors },
      },
      handler: async (request) => ({
        data: await badgeLayouts.replaceImage(actorOf(request), request.params.id, kind, form.files(request).get(BADGE_LAYOUT_IMAGE_FIELD)),
      }),
    });

    routes.route({
      method: 'DELETE',
      url,
      config: manage,
      schema: { tags, summary: `Removes the layout’s ${IMAGE_NAMES[kind]}`, params: idParamsSchema, response: { 204: z.null(), ...errors } },
      handler: async (request, reply) => {
        await badgeLayouts.removeImage(actorOf(request), request.params.id, kind);
        return reply.code(204).send(null);
      },
    });
  }

  routes.route({
    method: 'GET',
    url: '/admin/exhibitor-users/:id/badge.pdf',
    // Whoever may view the badge may see it as printed; print runs, which count, need print_badges.
    config: { access: requires('view_exhibitor_users') },
    schema: {
      tags,
      summary: 'One badge as a PDF of its layout’s size (410 when the badge is cancelled)',
      params: idParamsSchema,
      response: { 200: fileResponse('application/pdf', 'The badge'), ...errors },
    },
    handler: async (request, reply) => {
      const { fileName, content } = await badgeLayouts.badgePdf(actorOf(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(fileName)}`)
        .send(content);
    },
  });
}
