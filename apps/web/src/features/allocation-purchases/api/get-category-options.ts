import { BADGE_CATEGORY_PAGE_SIZE, type BadgeCategorySummary } from '@portal/shared/badge-categories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { purchaseKeys } from './purchase-keys';

/** The event's badge categories with their price per place. */
export async function getCategoryOptions(eventId: number): Promise<BadgeCategorySummary[]> {
  const { data } = await api.get<{ data: BadgeCategorySummary[] }>(`/admin/badge-categories/event/${eventId}`, {
    params: { type: 'badge', limit: BADGE_CATEGORY_PAGE_SIZE },
  });
  return data.data;
}

export const categoryOptionsQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: purchaseKeys.categoryOptions(eventId), queryFn: () => getCategoryOptions(eventId) });

export function useCategoryOptions(eventId: number | null) {
  return useQuery({ ...categoryOptionsQueryOptions(eventId ?? 0), enabled: eventId != null });
}
