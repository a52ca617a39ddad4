import type { BadgeCategory } from '@portal/shared/badge-categories';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListResponse } from '@/lib/api-types';
import { badgeCategoryKeys, type BadgeCategoryListParams } from './badge-category-keys';

export async function getBadgeCategories({
  page,
  search,
  eventId,
  type,
  sort,
}: BadgeCategoryListParams): Promise<ListResponse<BadgeCategory>> {
  const { data } = await api.get<ListResponse<BadgeCategory>>('/admin/badge-categories', {
    params: { page, search: search || undefined, eventId: eventId ?? undefined, type: type ?? undefined, sort },
  });
  return data;
}

export const badgeCategoriesQueryOptions = (params: BadgeCategoryListParams) =>
  queryOptions({
    queryKey: badgeCategoryKeys.list(params),
    queryFn: () => getBadgeCategories(params),
    placeholderData: keepPreviousData,
  });

export function useBadgeCategories(params: BadgeCategoryListParams) {
  return useQuery(badgeCategoriesQueryOptions(params));
}
