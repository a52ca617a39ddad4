import { healthResponseSchema } from '@portal/shared/health';
import type { FastifyInstance } from 'fastify';
import type { LimiterState } from '../../lib/attempt-limiter';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicRoute } from '../../plugins/access';

const startedAt = Date.now();

export async function healthRoutes(
  app: FastifyInstance,
  opts: { ping: () => Promise<boolean>; rateLimiter: () => LimiterState },
) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: '/health',
    config: { access: publicRoute },
    schema: {
      tags: ['health'],
      summary: 'API status, database connectivity, where sign-in attempts are counted, and uptime',
      response: { 200: healthResponseSchema },
    },
    // Answers 200 even when the database or Redis is down, so the dashboard can say which part failed.
    handler: async () => ({
      api: { status: 'ok' as const },
      database: { connected: await opts.ping() },
      rateLimiter: opts.rateLimiter(),
      uptime: Math.floor((Date.now() - startedAt) / 1000),
    }),
  });
}
