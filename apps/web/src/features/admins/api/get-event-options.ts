import { MAX_PAGE_SIZE } from '@portal/shared/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export type EventOption = { id: number; name: string };

/** Events an account can be placed in; none when the events list cannot be read. */
export async function getEventOptions(): Promise<EventOption[]> {
  try {
    const { data } = await api.get<{ data: EventOption[] }>('/events', { params: { per_page: MAX_PAGE_SIZE } });
    return Array.isArray(data.data) ? data.data : [];
  } catch {
    return [];
  }
}

export const eventOptionsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.eventOptions(), queryFn: getEventOptions });

export function useEventOptions({ enabled }: { enabled: boolean }) {
  return useQuery({ ...eventOptionsQueryOptions(), enabled });
}
