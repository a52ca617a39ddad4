import type { BadgeListItem } from '@portal/shared/badges';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListResponse } from '@/lib/api-types';
import { badgeLayoutKeys } from './badge-layout-keys';

const RESULTS = 8;

/** A few of the event's badges whose holder's name, email or company matches, to preview a layout with. */
export async function searchBadges(eventId: number, search: string): Promise<BadgeListItem[]> {
  const { data } = await api.get<ListResponse<BadgeListItem>>('/admin/exhibitor-users', {
    params: { eventId, search, per_page: RESULTS, sort: 'name' },
  });
  return data.data;
}

export function useBadgeSearch(eventId: number, search: string) {
  return useQuery({
    ...queryOptions({
      queryKey: badgeLayoutKeys.badges(eventId, search),
      queryFn: () => searchBadges(eventId, search),
      placeholderData: keepPreviousData,
    }),
    enabled: search.trim().length > 0,
  });
}
