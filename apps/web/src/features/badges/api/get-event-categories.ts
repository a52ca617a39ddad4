import { BADGE_CATEGORY_PAGE_SIZE, type BadgeCategorySummary } from '@portal/shared/badge-categories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { badgeKeys } from './badge-keys';

/** The badge categories of an event the caller may see (the API leaves out hidden badge types). */
export async function getEventCategories(eventId: number): Promise<BadgeCategorySummary[]> {
  const { data } = await api.get<{ data: BadgeCategorySummary[] }>(`/admin/badge-categories/event/${eventId}`, {
    params: { type: 'badge', limit: BADGE_CATEGORY_PAGE_SIZE },
  });
  return data.data;
}

export const eventCategoriesQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: badgeKeys.categories(eventId), queryFn: () => getEventCategories(eventId) });

export function useEventCategories(eventId: number | null) {
  return useQuery({ ...eventCategoriesQueryOptions(eventId ?? 0), enabled: eventId != null });
}
