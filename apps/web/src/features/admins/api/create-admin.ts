import type { Admin, CreateAdminBody } from '@portal/shared/admins';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export async function createAdmin(body: CreateAdminBody): Promise<Admin> {
  const { data } = await api.post<{ data: Admin }>('/admin/admins', body);
  return data.data;
}

export function useCreateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
