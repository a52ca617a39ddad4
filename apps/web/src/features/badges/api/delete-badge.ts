import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function deleteBadge(id: number): Promise<void> {
  await api.delete(`/admin/exhibitor-users/${id}`);
}

export function useDeleteBadge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBadge,
    // Deleting a badge gives its allocation place back: counts elsewhere change too.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
