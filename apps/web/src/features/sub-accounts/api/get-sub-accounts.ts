import type { SubAccount } from '@portal/shared/sub-accounts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListResponse } from '@/lib/api-types';
import { subAccountKeys, type SubAccountListParams } from './sub-account-keys';

/** An exhibitor gets its own sub-accounts; the API scopes the list to the caller. */
export async function getSubAccounts({
  page,
  search,
  exhibitorId,
  sort = 'name',
}: SubAccountListParams): Promise<ListResponse<SubAccount>> {
  const { data } = await api.get<ListResponse<SubAccount>>('/admin/sub-accounts', {
    params: { page, search: search || undefined, exhibitorId: exhibitorId ?? undefined, sort },
  });
  return data;
}

export const subAccountsQueryOptions = (params: SubAccountListParams) =>
  queryOptions({
    queryKey: subAccountKeys.list(params),
    queryFn: () => getSubAccounts(params),
    placeholderData: keepPreviousData,
  });

export function useSubAccounts(params: SubAccountListParams) {
  return useQuery(subAccountsQueryOptions(params));
}
