import type { BadgeLayout, BadgeLayoutInputBody } from '@portal/shared/badge-layouts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { badgeLayoutKeys } from './badge-layout-keys';

export async function updateBadgeLayout({ id, body }: { id: number; body: BadgeLayoutInputBody }): Promise<BadgeLayout> {
  const { data } = await api.put<{ data: BadgeLayout }>(`/admin/badge-layouts/${id}`, body);
  return data.data;
}

export function useUpdateBadgeLayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBadgeLayout,
    onSuccess: (saved) => {
      queryClient.setQueryData(badgeLayoutKeys.layout(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: badgeLayoutKeys.list(saved.eventId) });
    },
  });
}
