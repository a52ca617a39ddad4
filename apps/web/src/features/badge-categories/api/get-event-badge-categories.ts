import { queryOptions, useQuery } from '@tanstack/react-query';
import { BADGE_CATEGORY_LIMIT } from '@/config/app';
import { api } from '@/lib/api-client';
import type { BadgeType } from '../badge-types';
import { badgeCategoryKeys } from './badge-category-keys';

/** What the menus read of a badge category; the full record arrives with the badge-categories screens. */
export type BadgeCategorySummary = { id: number; name: string; type: string; badgeType: BadgeType };

/** The event's badge categories of type 'badge'; a failed fetch reads as an empty list (spec §8). */
export async function getEventBadgeCategories(eventId: number, badgeType?: BadgeType): Promise<BadgeCategorySummary[]> {
  try {
    const { data } = await api.get<{ data: BadgeCategorySummary[] }>(`/admin/badge-categories/event/${eventId}`, {
      params: { type: 'badge', limit: BADGE_CATEGORY_LIMIT, badgeType },
    });
    return Array.isArray(data.data) ? data.data : [];
  } catch {
    return [];
  }
}

export const eventBadgeCategoriesQueryOptions = (eventId: number, badgeType?: BadgeType) =>
  queryOptions({
    queryKey: badgeCategoryKeys.byEvent(eventId, badgeType),
    queryFn: () => getEventBadgeCategories(eventId, badgeType),
  });

export function useEventBadgeCategories(eventId: number | null, badgeType?: BadgeType) {
  return useQuery({ ...eventBadgeCategoriesQueryOptions(eventId ?? 0, badgeType), enabled: eventId != null });
}
