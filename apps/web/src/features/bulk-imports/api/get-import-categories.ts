import { BADGE_CATEGORY_PAGE_SIZE, type BadgeCategorySummary } from '@portal/shared/badge-categories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const bulkImportKeys = {
  all: ['bulk-imports'] as const,
  categories: (eventId: number) => [...bulkImportKeys.all, 'categories', eventId] as const,
  target: (ids: ImportTargetIds) => [...bulkImportKeys.all, 'target', ids] as const,
};

/** Where a file's rows go: an event, an exhibitor of it, or one of the exhibitor's sub-accounts. */
export type ImportTargetIds = { eventId: number; exhibitorId?: number; subAccountId?: number };

/** The badge categories of the event the caller may register badges in (the API leaves out hidden types). */
export async function getImportCategories(eventId: number): Promise<BadgeCategorySummary[]> {
  const { data } = await api.get<{ data: BadgeCategorySummary[] }>(`/admin/badge-categories/event/${eventId}`, {
    params: { type: 'badge', limit: BADGE_CATEGORY_PAGE_SIZE },
  });
  return data.data;
}

export const importCategoriesQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: bulkImportKeys.categories(eventId), queryFn: () => getImportCategories(eventId) });

export function useImportCategories(eventId: number) {
  return useQuery(importCategoriesQueryOptions(eventId));
}
