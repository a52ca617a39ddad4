import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { badgeCategoryKeys } from './badge-category-keys';

/** Refused (409) while badges, allocations or add-ons use the category. */
export async function deleteBadgeCategory(id: number): Promise<void> {
  await api.delete(`/admin/badge-categories/${id}`);
}

export function useDeleteBadgeCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBadgeCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: badgeCategoryKeys.all }),
  });
}
