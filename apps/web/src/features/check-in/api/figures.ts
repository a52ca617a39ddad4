import type { CheckInFigures } from '@portal/shared/check-in';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { checkInKeys } from './check-in-keys';

/** How often the figures refresh on their own: often enough to watch a door, rarely enough to spare the server. */
export const FIGURES_REFRESH_MS = 30_000;

export async function getCheckInFigures(eventId: number): Promise<CheckInFigures> {
  const { data } = await api.get<{ data: CheckInFigures }>(`/admin/events/${eventId}/check-in-figures`, {
    params: { hours: 24 },
  });
  return data.data;
}

export const checkInFiguresQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: checkInKeys.figures(eventId), queryFn: () => getCheckInFigures(eventId) });

export function useCheckInFigures(eventId: number | null) {
  return useQuery({
    ...checkInFiguresQueryOptions(eventId ?? 0),
    enabled: eventId != null,
    refetchInterval: FIGURES_REFRESH_MS,
  });
}
