import type { BadgeCategory, UpdateBadgeCategoryBody } from '@portal/shared/badge-categories';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { badgeCategoryKeys } from './badge-category-keys';

export async function updateBadgeCategory({
  id,
  body,
}: {
  id: number;
  body: UpdateBadgeCategoryBody;
}): Promise<BadgeCategory> {
  const { data } = await api.put<{ data: BadgeCategory }>(`/admin/badge-categories/${id}`, body);
  return data.data;
}

export function useUpdateBadgeCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBadgeCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: badgeCategoryKeys.all }),
  });
}
