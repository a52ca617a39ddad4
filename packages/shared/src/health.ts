import { z } from 'zod';

export const HEALTH_POLL_INTERVAL_MS = 30_000;

export const healthResponseSchema = z.object({
  api: z.object({ status: z.literal('ok') }),
  database: z.object({ connected: z.boolean() }),
  uptime: z.number().describe('Seconds since the API started'),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
