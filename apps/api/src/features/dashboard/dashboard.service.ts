import type { BadgeListItem } from '@portal/shared/badges';
import type { DashboardSummary } from '@portal/shared/dashboard';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { scopeOf } from '../auth/scope';
import * as repo from './dashboard.repository';
import { badgeScopeFilter, listBadges } from '../badges/badges.repository';
import { visibleBadgeTypes } from '@portal/shared/badge-categories';
import { countRequested, purchaseScopeFilter } from '../allocation-purchases/allocation-purchases.repository';

export function createDashboardService({ db }: { db: Database }) {
  return {
    /** Pending purchases are the requests in scope still awaiting a decision. */
    async getSummary(actor: Actor): Promise<DashboardSummary> {
      const scope = scopeOf(actor.principal);
      const badgeScope = badgeScopeFilter(scope, visibleBadgeTypes(actor.principal.permissions, actor.principal.type));
      const [eventCount, exhibitorCount, latestBadges, recentEvents, pendingPurchases] = await Promise.all([
        repo.countEvents(db, scope),
        repo.countExhibitors(db, scope),
        listBadges(db, badgeScope, { page: 1, per_page: 3 }),
        repo.latestEvents(db, scope, 2),
        countRequested(db, purchaseScopeFilter(scope)),
      ]);
      return {
        stats: { events: eventCount, exhibitors: exhibitorCount, badges: latestBadges.total, pendingPurchases },
        recentUsers: (JSON.parse(latestBadges.items) as BadgeListItem[]).map((badge) => ({
          id: badge.id,
          firstName: badge.firstName,
          lastName: badge.lastName,
          name: badge.name,
          email: badge.email,
          eventId: badge.eventId,
          event: badge.event,
          eventName: badge.eventName,
          createdAt: badge.createdAt,
        })),
        recentEvents: recentEvents.map((event) => ({ ...event, createdAt: event.createdAt.toISOString() })),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
