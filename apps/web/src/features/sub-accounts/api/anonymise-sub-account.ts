import type { SubAccount } from '@portal/shared/sub-accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { subAccountKeys } from './sub-account-keys';

/** Placeholders for its personal data, its sign-in closed; its purchases and invoices stay. */
export async function anonymiseSubAccount(id: number): Promise<SubAccount> {
  const { data } = await api.post<{ data: SubAccount }>(`/admin/sub-accounts/${id}/anonymise`);
  return data.data;
}

export function useAnonymiseSubAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: anonymiseSubAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subAccountKeys.all }),
  });
}
