import {
  badgeCategorySchema,
  badgeCategorySummarySchema,
  createBadgeCategoryBodySchema,
  eventCategoriesQuerySchema,
  eventParamsSchema,
  listBadgeCategoriesQuerySchema,
  updateBadgeCategoryBodySchema,
} from '@portal/shared/badge-categories';
import { idParamsSchema, itemResponseSchema, listResponseSchema } from '@portal/shared/common';
import { BADGE_LIST_READERS } from '@portal/shared/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { errorResponses as errors } from '../../lib/route-schemas';
import { requires, requiresAny } from '../../plugins/access';
import type { BadgeCategoriesService } from './badge-categories.service';

const category = itemResponseSchema(badgeCategorySchema);
const categories = z.object({ data: z.array(badgeCategorySummarySchema) });
const tags = ['badge-categories'];
const view = requires('view_badge_categories');

export async function badgeCategoriesRoutes(app: FastifyInstance, { badgeCategories }: { badgeCategories: BadgeCategoriesService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'GET',
    url: '/admin/badge-categories',
    config: { access: view },
    schema: { tags, querystring: listBadgeCategoriesQuerySchema, response: { 200: listResponseSchema(badgeCategorySchema), ...errors } },
    handler: (request) => badgeCategories.listCategories(actorOf(request), request.query),
  });

  routes.route({
    method: 'GET',
    url: '/admin/badge-categories/event/:eventId',
    // Badge lists are grouped by these, so whoever reads a badge list reads them too (only the
    // badge types the caller may see).
    config: { access: requiresAny('view_badge_categories', ...BADGE_LIST_READERS) },
    schema: { tags, params: eventParamsSchema, querystring: eventCategoriesQuerySchema, response: { 200: categories, ...errors } },
    handler: (request) => badgeCategories.listEventCategories(actorOf(request), request.params.eventId, request.query),
  });

  routes.route({
    method: 'GET',
    url: '/admin/addons/event/:eventId',
    config: { access: view },
    schema: {
      tags,
      params: eventParamsSchema,
      querystring: eventCategoriesQuerySchema.omit({ type: true }),
      response: { 200: categories, ...errors },
    },
    handler: (request) =>
      badgeCategories.listEventCategories(actorOf(request), request.params.eventId, { ...request.query, type: 'addon' }),
  });

  routes.route({
    method: 'GET',
    url: '/admin/badge-categories/:id',
    // A badge list's category page names its category: its readers read that one too (the types they may see).
    config: { access: requiresAny('view_badge_categories', ...BADGE_LIST_READERS) },
    schema: { tags, params: idParamsSchema, response: { 200: category, ...errors } },
    handler: async (request) => ({ data: await badgeCategories.getCategory(actorOf(request), request.params.id) }),
  });

  routes.route({
    method: 'POST',
    url: '/admin/badge-categories',
    config: { access: requires('create_badge_category') },
    schema: { tags, body: createBadgeCategoryBodySchema, response: { 201: category, ...errors } },
    handler: async (request, reply) =>
      reply.code(201).send({ data: await badgeCategories.createCategory(actorOf(request), request.body) }),
  });

  routes.route({
    method: 'PUT',
    url: '/admin/badge-categories/:id',
    config: { access: requires('update_badge_category') },
    schema: { tags, params: idParamsSchema, body: updateBadgeCategoryBodySchema, response: { 200: category, ...errors } },
    handler: async (request) => ({ data: await badgeCategories.updateCategory(actorOf(request), request.params.id, request.body) }),
  });

  routes.route({
    method: 'DELETE',
    url: '/admin/badge-categories/:id',
    config: { access: requires('delete_badge_category') },
    schema: { tags, params: idParamsSchema, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await badgeCategories.deleteCategory(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });
}
