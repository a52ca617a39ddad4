import type { PortalEvent } from '@portal/shared/events';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListResponse } from '@/lib/api-types';
import { eventKeys, type EventListParams } from './event-keys';

/** The spec's event list query names its search `name`. */
export async function getEvents({ page, search, status, sort }: EventListParams): Promise<ListResponse<PortalEvent>> {
  const { data } = await api.get<ListResponse<PortalEvent>>('/events', {
    params: { page, name: search || undefined, status: status ?? undefined, sort },
  });
  return data;
}

export const eventsQueryOptions = (params: EventListParams) =>
  queryOptions({
    queryKey: eventKeys.list(params),
    queryFn: () => getEvents(params),
    placeholderData: keepPreviousData,
  });

export function useEvents(params: EventListParams) {
  return useQuery(eventsQueryOptions(params));
}
