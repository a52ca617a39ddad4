import { errorBodySchema, idParamsSchema, itemResponseSchema } from '@portal/shared/common';
import { resendBadgeResultSchema } from '@portal/shared/e-badges';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { errorResponses as errors } from '../../lib/route-schemas';
import { requiresAny } from '../../plugins/access';
import type { EBadgesService } from './e-badges.service';

const tags = ['badges'];

/** E-badges: the badge's mail (PDF and QR code) sent again. */
export async function eBadgesRoutes(app: FastifyInstance, { eBadges }: { eBadges: EBadgesService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'POST',
    url: '/admin/exhibitor-users/:id/resend-badge',
    // Whoever may edit the badge may send it again.
    config: { access: requiresAny('update_exhibitor_user', 'update_user') },
    schema: {
      tags,
      summary: 'Emails the badge (its PDF and QR code) to its holder again',
      params: idParamsSchema,
      response: { 202: itemResponseSchema(resendBadgeResultSchema), ...errors, 410: errorBodySchema },
    },
    handler: async (request, reply) => reply.code(202).send({ data: await eBadges.resendBadge(actorOf(request), request.params.id) }),
  });
}
