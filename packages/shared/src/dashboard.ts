import { z } from 'zod';
import { isoDateTime } from './common';

/** The dashboard's figures, counted within the caller's scope; pending purchases are requests awaiting a decision. */
export const dashboardSummarySchema = z.object({
  stats: z.object({
    events: z.number().int(),
    exhibitors: z.number().int(),
    badges: z.number().int(),
    pendingPurchases: z.number().int(),
  }),
  /** The first 3 users, shown as new badges: spec §3's user (with `eventName` beside its `event`). */
  recentUsers: z.array(
    z.object({
      id: z.number().int(),
      firstName: z.string(),
      lastName: z.string(),
      name: z.string(),
      email: z.string(),
      eventId: z.number().int(),
      event: z.object({ id: z.number().int(), name: z.string() }),
      eventName: z.string().nullable(),
      createdAt: isoDateTime,
    }),
  ),
  /** The first 2 events. */
  recentEvents: z.array(z.object({ id: z.number().int(), name: z.string(), createdAt: isoDateTime })),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
