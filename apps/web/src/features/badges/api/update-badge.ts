import type { Badge, UpdateBadgeBody } from '@portal/shared/badges';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { badgeRequestBody, type BadgeFile } from '@/lib/badge-form-data';
import { badgeKeys } from './badge-keys';

export async function updateBadge({
  id,
  body,
  files = [],
}: {
  id: number;
  body: UpdateBadgeBody;
  files?: BadgeFile[];
}): Promise<Badge> {
  const { data } = await api.put<{ data: Badge }>(`/admin/exhibitor-users/${id}`, badgeRequestBody(body, files));
  return data.data;
}

export function useUpdateBadge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBadge,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: badgeKeys.all }),
  });
}
