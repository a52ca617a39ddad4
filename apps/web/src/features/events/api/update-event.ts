import type { EventBody, PortalEvent } from '@portal/shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { eventKeys } from './event-keys';

export async function updateEvent({ id, body }: { id: number; body: EventBody }): Promise<PortalEvent> {
  const { data } = await api.put<{ data: PortalEvent }>(`/events/${id}`, body);
  return data.data;
}

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}
