import { MAX_PAGE_SIZE } from '@portal/shared/common';
import type { PortalEvent } from '@portal/shared/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListResponse } from '@/lib/api-types';
import { exhibitorKeys } from './exhibitor-keys';

/** The events the caller reaches (an event admin: its own), for the event picker and filter. */
export async function getEventOptions(): Promise<PortalEvent[]> {
  const { data } = await api.get<ListResponse<PortalEvent>>('/events', {
    params: { per_page: MAX_PAGE_SIZE, sort: 'name' },
  });
  return data.data;
}

export const eventOptionsQueryOptions = () =>
  queryOptions({ queryKey: exhibitorKeys.eventOptions(), queryFn: getEventOptions });

export function useEventOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...eventOptionsQueryOptions(), enabled });
}
