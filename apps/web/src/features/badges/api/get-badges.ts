import type { BadgeListItem } from '@portal/shared/badges';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListResponse } from '@/lib/api-types';
import { badgeKeys, type BadgeListParams } from './badge-keys';

export async function getBadges({
  page,
  search,
  badgeCategoryId,
  status,
  exhibitorId,
  createdFrom,
  createdTo,
  sort,
  printed,
}: BadgeListParams): Promise<ListResponse<BadgeListItem>> {
  const { data } = await api.get<ListResponse<BadgeListItem>>('/admin/exhibitor-users', {
    params: {
      page,
      search: search || undefined,
      badgeCategoryId: badgeCategoryId ?? undefined,
      status: status ?? undefined,
      exhibitorId: exhibitorId ?? undefined,
      createdFrom: createdFrom || undefined,
      createdTo: createdTo || undefined,
      sort,
      printed: printed ?? undefined,
    },
  });
  return data;
}

export const badgesQueryOptions = (params: BadgeListParams) =>
  queryOptions({
    queryKey: badgeKeys.list(params),
    queryFn: () => getBadges(params),
    placeholderData: keepPreviousData,
  });

export function useBadges(params: BadgeListParams) {
  return useQuery(badgesQueryOptions(params));
}
