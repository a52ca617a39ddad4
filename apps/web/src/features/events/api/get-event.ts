import type { PortalEvent } from '@portal/shared/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { eventKeys } from './event-keys';

export async function getEvent(id: number): Promise<PortalEvent> {
  const { data } = await api.get<{ data: PortalEvent }>(`/events/${id}`);
  return data.data;
}

export const eventQueryOptions = (id: number) =>
  queryOptions({ queryKey: eventKeys.detail(id), queryFn: () => getEvent(id) });

export function useEvent(id: number) {
  return useQuery(eventQueryOptions(id));
}
