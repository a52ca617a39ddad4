import { BADGE_CATEGORY_PAGE_SIZE, type BadgeCategorySummary, type BadgeType } from '@portal/shared/badge-categories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { badgeCategoryKeys } from './badge-category-keys';

/** The event's badge categories of type 'badge'; a failed fetch reads as an empty list (spec §8). */
export async function getEventBadgeCategories(eventId: number, badgeType?: BadgeType): Promise<BadgeCategorySummary[]> {
  try {
    const { data } = await api.get<{ data: BadgeCategorySummary[] }>(`/admin/badge-categories/event/${eventId}`, {
      params: { type: 'badge', limit: BADGE_CATEGORY_PAGE_SIZE, badgeType },
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
