import type { Role, RoleBody } from '@portal/shared/roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { roleKeys } from './role-keys';

export async function createRole(body: RoleBody): Promise<Role> {
  const { data } = await api.post<{ data: Role }>('/admin/roles', body);
  return data.data;
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.lists() }),
  });
}
