import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { exhibitorKeys } from './exhibitor-keys';

/** Its sub-accounts go with it; its company stays. */
export async function deleteExhibitor(id: number): Promise<void> {
  await api.delete(`/admin/exhibitors/${id}`);
}

export function useDeleteExhibitor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExhibitor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exhibitorKeys.all }),
  });
}
