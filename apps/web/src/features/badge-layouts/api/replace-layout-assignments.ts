import type { BadgeLayoutAssignment } from '@portal/shared/badge-layouts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { badgeLayoutKeys } from './badge-layout-keys';

/** Replaces every assignment of the event at once (the server does it in one transaction). */
export async function replaceLayoutAssignments({
  eventId,
  assignments,
}: {
  eventId: number;
  assignments: BadgeLayoutAssignment[];
}): Promise<void> {
  await api.put(`/admin/events/${eventId}/badge-layout-assignments`, { assignments });
}

export function useReplaceLayoutAssignments(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceLayoutAssignments,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: badgeLayoutKeys.list(eventId) }),
  });
}
