import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { subAccountKeys } from './sub-account-keys';

export async function deleteSubAccount(id: number): Promise<void> {
  await api.delete(`/admin/sub-accounts/${id}`);
}

export function useDeleteSubAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subAccountKeys.all }),
  });
}
