import type { BadgeCategory, CreateBadgeCategoryBody } from '@portal/shared/badge-categories';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { badgeCategoryKeys } from './badge-category-keys';

export async function createBadgeCategory(body: CreateBadgeCategoryBody): Promise<BadgeCategory> {
  const { data } = await api.post<{ data: BadgeCategory }>('/admin/badge-categories', body);
  return data.data;
}

export function useCreateBadgeCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBadgeCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: badgeCategoryKeys.all }),
  });
}
