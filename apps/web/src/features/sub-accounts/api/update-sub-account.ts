import type { SubAccount, UpdateSubAccountBody } from '@portal/shared/sub-accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { subAccountKeys } from './sub-account-keys';

export async function updateSubAccount({ id, body }: { id: number; body: UpdateSubAccountBody }): Promise<SubAccount> {
  const { data } = await api.put<{ data: SubAccount }>(`/admin/sub-accounts/${id}`, body);
  return data.data;
}

export function useUpdateSubAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subAccountKeys.all }),
  });
}
