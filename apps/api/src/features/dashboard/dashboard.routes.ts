import { itemResponseSchema } from '@portal/shared/common';
import { dashboardSummarySchema } from '@portal/shared/dashboard';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { errorResponses as errors } from '../../lib/route-schemas';
import { requires } from '../../plugins/access';
import type { DashboardService } from './dashboard.service';

export async function dashboardRoutes(app: FastifyInstance, { dashboard }: { dashboard: DashboardService }) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: '/dashboard/summary',
    config: { access: requires('view_reports') },
    schema: { tags: ['dashboard'], response: { 200: itemResponseSchema(dashboardSummarySchema), ...errors } },
    handler: async (request) => ({ data: await dashboard.getSummary(actorOf(request)) }),
  });
}
