import { BADGE_CATEGORY_PAGE_SIZE, type BadgeCategory, type CategoryType } from '@portal/shared/badge-categories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { allocationKeys } from './allocation-keys';

/** The event's badge categories, or its add-ons, to allocate. */
export async function getCategoryOptions(eventId: number, type: CategoryType): Promise<BadgeCategory[]> {
  const { data } =
    type === 'addon'
      ? await api.get<{ data: BadgeCategory[] }>(`/admin/addons/event/${eventId}`)
      : await api.get<{ data: BadgeCategory[] }>(`/admin/badge-categories/event/${eventId}`, {
          params: { type: 'badge', limit: BADGE_CATEGORY_PAGE_SIZE },
        });
  return data.data;
}

export const categoryOptionsQueryOptions = (eventId: number, type: CategoryType) =>
  queryOptions({
    queryKey: allocationKeys.categories(eventId, type),
    queryFn: () => getCategoryOptions(eventId, type),
  });

export function useCategoryOptions(eventId: number | null, type: CategoryType) {
  return useQuery({ ...categoryOptionsQueryOptions(eventId ?? 0, type), enabled: eventId != null });
}
