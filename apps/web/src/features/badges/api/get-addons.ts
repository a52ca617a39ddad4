import type { BadgeCategorySummary } from '@portal/shared/badge-categories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { badgeKeys } from './badge-keys';

/** The event's add-on categories (parking, catering, …) that can be assigned to badges. */
export async function getAddons(eventId: number): Promise<BadgeCategorySummary[]> {
  const { data } = await api.get<{ data: BadgeCategorySummary[] }>(`/admin/addons/event/${eventId}`);
  return data.data;
}

export const addonsQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: badgeKeys.addons(eventId), queryFn: () => getAddons(eventId) });

export function useAddons(eventId: number | null) {
  return useQuery({ ...addonsQueryOptions(eventId ?? 0), enabled: eventId != null });
}
