import { MAX_PAGE_SIZE } from '@portal/shared/common';
import type { PortalEvent } from '@portal/shared/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListResponse } from '@/lib/api-types';
import { emailOutboxKeys } from './email-outbox-keys';

export async function getEventOptions(): Promise<PortalEvent[]> {
  const { data } = await api.get<ListResponse<PortalEvent>>('/events', {
    params: { per_page: MAX_PAGE_SIZE, sort: 'name' },
  });
  return data.data;
}

export const eventOptionsQueryOptions = () =>
  queryOptions({ queryKey: emailOutboxKeys.eventOptions(), queryFn: getEventOptions });

export function useEventOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...eventOptionsQueryOptions(), enabled });
}
