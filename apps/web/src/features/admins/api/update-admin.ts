import type { Admin, UpdateAdminBody } from '@portal/shared/admins';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export async function updateAdmin({ id, body }: { id: number; body: UpdateAdminBody }): Promise<Admin> {
  const { data } = await api.put<{ data: Admin }>(`/admin/admins/${id}`, body);
  return data.data;
}

export function useUpdateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
