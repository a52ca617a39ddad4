import { BADGE_CATEGORY_PAGE_SIZE, type BadgeCategorySummary } from '@portal/shared/badge-categories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { badgeLayoutKeys } from './badge-layout-keys';

/** The event's badge categories (add-ons print no badge), which a layout may be assigned to. */
export async function getLayoutCategories(eventId: number): Promise<BadgeCategorySummary[]> {
  const { data } = await api.get<{ data: BadgeCategorySummary[] }>(`/admin/badge-categories/event/${eventId}`, {
    params: { type: 'badge', limit: BADGE_CATEGORY_PAGE_SIZE },
  });
  return data.data;
}

export function useLayoutCategories(eventId: number) {
  return useQuery(
    queryOptions({ queryKey: badgeLayoutKeys.categories(eventId), queryFn: () => getLayoutCategories(eventId) }),
  );
}
