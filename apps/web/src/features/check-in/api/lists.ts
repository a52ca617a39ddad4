import type { CheckInList, CheckInListBody } from '@portal/shared/check-in';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { checkInKeys } from './check-in-keys';

export async function getCheckInLists(eventId: number): Promise<CheckInList[]> {
  const { data } = await api.get<{ data: CheckInList[] }>(`/admin/events/${eventId}/check-in-lists`);
  return data.data;
}

export const checkInListsQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: checkInKeys.lists(eventId), queryFn: () => getCheckInLists(eventId) });

export function useCheckInLists(eventId: number) {
  return useQuery(checkInListsQueryOptions(eventId));
}

export async function createCheckInList({
  eventId,
  body,
}: {
  eventId: number;
  body: CheckInListBody;
}): Promise<CheckInList> {
  const { data } = await api.post<{ data: CheckInList }>(`/admin/events/${eventId}/check-in-lists`, body);
  return data.data;
}

export async function updateCheckInList({ id, body }: { id: number; body: CheckInListBody }): Promise<CheckInList> {
  const { data } = await api.put<{ data: CheckInList }>(`/admin/check-in-lists/${id}`, body);
  return data.data;
}

export async function deleteCheckInList(id: number): Promise<void> {
  await api.delete(`/admin/check-in-lists/${id}`);
}

/** A list's rules decide the figures and the devices' lists too: the whole event's check-in data is refetched. */
function useInvalidateEvent(eventId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: checkInKeys.event(eventId) });
}

export function useCreateCheckInList(eventId: number) {
  const invalidate = useInvalidateEvent(eventId);
  return useMutation({
    mutationFn: (body: CheckInListBody) => createCheckInList({ eventId, body }),
    onSuccess: invalidate,
  });
}

export function useUpdateCheckInList(eventId: number) {
  const invalidate = useInvalidateEvent(eventId);
  return useMutation({ mutationFn: updateCheckInList, onSuccess: invalidate });
}

export function useDeleteCheckInList(eventId: number) {
  const invalidate = useInvalidateEvent(eventId);
  return useMutation({ mutationFn: deleteCheckInList, onSuccess: invalidate });
}
