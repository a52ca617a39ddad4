import type { Admin, UpdateAdminBody } from '@portal/shared/admins';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { exhibitorKeys } from './exhibitor-keys';

/** An exhibitor is updated through its admin account (spec §7), profile fields included. */
export async function updateExhibitor({ id, body }: { id: number; body: UpdateAdminBody }): Promise<Admin> {
  const { data } = await api.put<{ data: Admin }>(`/admin/admins/${id}`, body);
  return data.data;
}

export function useUpdateExhibitor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateExhibitor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exhibitorKeys.all }),
  });
}
