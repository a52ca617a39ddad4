import type { Badge, CreateBadgeBody } from '@portal/shared/badges';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { badgeRequestBody, type BadgeFile } from '@/lib/badge-form-data';

export async function createBadge({ body, files }: { body: CreateBadgeBody; files: BadgeFile[] }): Promise<Badge> {
  const { data } = await api.post<{ data: Badge }>('/admin/exhibitor-users', badgeRequestBody(body, files));
  return data.data;
}

export function useCreateBadge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBadge,
    // A new badge changes the counts of categories and allocations shown elsewhere too.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
