import type { BadgeLayoutList } from '@portal/shared/badge-layouts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { badgeLayoutKeys } from './badge-layout-keys';

/** The event's layouts (its built-ins among them) and which badge types and categories use which. */
export async function getBadgeLayouts(eventId: number): Promise<BadgeLayoutList> {
  const { data } = await api.get<BadgeLayoutList>(`/admin/events/${eventId}/badge-layouts`);
  return data;
}

export const badgeLayoutsQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: badgeLayoutKeys.list(eventId), queryFn: () => getBadgeLayouts(eventId) });

export function useBadgeLayouts(eventId: number) {
  return useQuery(badgeLayoutsQueryOptions(eventId));
}
