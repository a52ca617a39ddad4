import type { DashboardSummary } from '@portal/shared/dashboard';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { scopeOf } from '../auth/scope';
import * as repo from './dashboard.repository';

export function createDashboardService({ db }: { db: Database }) {
  return {
    /** Badges and purchases count zero, and no user is listed, until their features exist. */
    async getSummary(actor: Actor): Promise<DashboardSummary> {
      const scope = scopeOf(actor.principal);
      const [eventCount, exhibitorCount, recentEvents] = await Promise.all([
        repo.countEvents(db, scope),
        repo.countExhibitors(db, scope),
        repo.latestEvents(db, scope, 2),
      ]);
      return {
        stats: { events: eventCount, exhibitors: exhibitorCount, badges: 0, pendingPurchases: 0 },
        recentUsers: [],
        recentEvents: recentEvents.map((event) => ({ ...event, createdAt: event.createdAt.toISOString() })),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
