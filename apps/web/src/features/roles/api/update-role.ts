import type { Role, RoleBody } from '@portal/shared/roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { roleKeys } from './role-keys';

export async function updateRole({ id, body }: { id: number; body: Partial<RoleBody> }): Promise<Role> {
  const { data } = await api.put<{ data: Role }>(`/admin/roles/${id}`, body);
  return data.data;
}

export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.lists() }),
  });
}
