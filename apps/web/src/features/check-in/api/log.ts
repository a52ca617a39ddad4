import type { ListMeta } from '@portal/shared/common';
import type { CheckInLogEntry, CheckInLogQuery } from '@portal/shared/check-in';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { checkInKeys } from './check-in-keys';

export type CheckInLogFilters = Partial<Omit<CheckInLogQuery, 'page' | 'per_page'>>;
export type CheckInLogPage = { data: CheckInLogEntry[]; meta: ListMeta };

export async function getCheckInLog(eventId: number, query: Partial<CheckInLogQuery>): Promise<CheckInLogPage> {
  const { data } = await api.get<CheckInLogPage>(`/admin/events/${eventId}/check-ins`, { params: query });
  return data;
}

export const checkInLogQueryOptions = (eventId: number, query: Partial<CheckInLogQuery>) =>
  queryOptions({
    queryKey: checkInKeys.log(eventId, query),
    queryFn: () => getCheckInLog(eventId, query),
    // The page stays in view while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });

export function useCheckInLog(eventId: number, query: Partial<CheckInLogQuery>) {
  return useQuery(checkInLogQueryOptions(eventId, query));
}

export async function undoCheckIn({ id, reason }: { id: number; reason: string }): Promise<CheckInLogEntry> {
  const { data } = await api.post<{ data: CheckInLogEntry }>(`/admin/check-ins/${id}/undo`, { reason });
  return data.data;
}

export async function resolveConflict(id: number): Promise<CheckInLogEntry> {
  const { data } = await api.post<{ data: CheckInLogEntry }>(`/admin/check-ins/${id}/resolve`);
  return data.data;
}

/** An undo changes who is inside, so the figures are refetched with the log. */
function useInvalidateScans(eventId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: checkInKeys.logs(eventId) }),
      queryClient.invalidateQueries({ queryKey: checkInKeys.figures(eventId) }),
    ]);
}

export function useUndoCheckIn(eventId: number) {
  const invalidate = useInvalidateScans(eventId);
  return useMutation({ mutationFn: undoCheckIn, onSuccess: invalidate });
}

export function useResolveConflict(eventId: number) {
  const invalidate = useInvalidateScans(eventId);
  return useMutation({ mutationFn: resolveConflict, onSuccess: invalidate });
}
