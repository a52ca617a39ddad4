import type { SubAccount } from '@portal/shared/sub-accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { subAccountKeys } from './sub-account-keys';

export async function getSubAccount(id: number): Promise<SubAccount> {
  const { data } = await api.get<{ data: SubAccount }>(`/admin/sub-accounts/${id}`);
  return data.data;
}

export const subAccountQueryOptions = (id: number) =>
  queryOptions({ queryKey: subAccountKeys.detail(id), queryFn: () => getSubAccount(id) });

export function useSubAccount(id: number) {
  return useQuery(subAccountQueryOptions(id));
}
