import type { EventBody, PortalEvent } from '@portal/shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { eventKeys } from './event-keys';

export async function createEvent(body: EventBody): Promise<PortalEvent> {
  const { data } = await api.post<{ data: PortalEvent }>('/events', body);
  return data.data;
}

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}
