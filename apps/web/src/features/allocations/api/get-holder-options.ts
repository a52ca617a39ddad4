import { MAX_PAGE_SIZE } from '@portal/shared/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListResponse } from '@/lib/api-types';
import { allocationKeys } from './allocation-keys';

/** An account that can hold an allocation: an exhibitor, or one of an exhibitor's sub-accounts. */
export type Holder = { id: number; name: string; companyName: string | null };

/** Organisers allocate to exhibitors; an exhibitor hands parts of its own to its sub-accounts. */
export async function getHolderOptions(eventId: number | null, kind: 'exhibitors' | 'sub-accounts'): Promise<Holder[]> {
  const url = kind === 'exhibitors' ? '/admin/exhibitors' : '/admin/sub-accounts';
  const { data } = await api.get<ListResponse<Holder>>(url, {
    params: { eventId: eventId ?? undefined, per_page: MAX_PAGE_SIZE },
  });
  return data.data;
}

export const holderOptionsQueryOptions = (eventId: number | null, kind: 'exhibitors' | 'sub-accounts') =>
  queryOptions({ queryKey: allocationKeys.holders(eventId, kind), queryFn: () => getHolderOptions(eventId, kind) });

export function useHolderOptions(eventId: number | null, kind: 'exhibitors' | 'sub-accounts', enabled = true) {
  return useQuery({ ...holderOptionsQueryOptions(eventId, kind), enabled });
}
