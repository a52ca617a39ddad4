import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { badgeLayoutKeys } from './badge-layout-keys';

export async function deleteBadgeLayout(id: number): Promise<void> {
  await api.delete(`/admin/badge-layouts/${id}`);
}

export function useDeleteBadgeLayout(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBadgeLayout,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: badgeLayoutKeys.list(eventId) }),
  });
}
