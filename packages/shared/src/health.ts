import { z } from 'zod';

export const HEALTH_POLL_INTERVAL_MS = 30_000;

export const healthResponseSchema = z.object({
  api: z.object({ status: z.literal('ok') }),
  database: z.object({ connected: z.boolean() }),
  rateLimiter: z
    .object({
      store: z.enum(['redis', 'memory']),
      degraded: z.boolean().describe('Redis is configured but out of reach: each process counts on its own'),
    })
    .describe('Where sign-in attempts are counted'),
  uptime: z.number().describe('Seconds since the API started'),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
