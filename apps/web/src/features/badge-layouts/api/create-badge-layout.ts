import type { BadgeLayout, BadgeLayoutInputBody } from '@portal/shared/badge-layouts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { badgeLayoutKeys } from './badge-layout-keys';

export async function createBadgeLayout({ eventId, body }: { eventId: number; body: BadgeLayoutInputBody }): Promise<BadgeLayout> {
  const { data } = await api.post<{ data: BadgeLayout }>(`/admin/events/${eventId}/badge-layouts`, body);
  return data.data;
}

export function useCreateBadgeLayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBadgeLayout,
    onSuccess: (created) => queryClient.invalidateQueries({ queryKey: badgeLayoutKeys.list(created.eventId) }),
  });
}
