import type { CreateSubAccountBody, SubAccount } from '@portal/shared/sub-accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { subAccountKeys } from './sub-account-keys';

export async function createSubAccount(body: CreateSubAccountBody): Promise<SubAccount> {
  const { data } = await api.post<{ data: SubAccount }>('/admin/sub-accounts', body);
  return data.data;
}

export function useCreateSubAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subAccountKeys.all }),
  });
}
