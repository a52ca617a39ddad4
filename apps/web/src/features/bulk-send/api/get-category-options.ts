import { BADGE_CATEGORY_PAGE_SIZE, type BadgeCategorySummary } from '@portal/shared/badge-categories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bulkSendKeys } from './bulk-send-keys';

/** The event's badge categories links can be sent for. */
export async function getCategoryOptions(eventId: number): Promise<BadgeCategorySummary[]> {
  const { data } = await api.get<{ data: BadgeCategorySummary[] }>(`/admin/badge-categories/event/${eventId}`, {
    params: { type: 'badge', limit: BADGE_CATEGORY_PAGE_SIZE },
  });
  return data.data;
}

export const categoryOptionsQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: bulkSendKeys.categories(eventId), queryFn: () => getCategoryOptions(eventId) });

export function useCategoryOptions(eventId: number) {
  return useQuery(categoryOptionsQueryOptions(eventId));
}
