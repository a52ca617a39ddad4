import type { Badge } from '@portal/shared/badges';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { badgeKeys } from './badge-keys';

export async function getBadge(id: number): Promise<Badge> {
  const { data } = await api.get<{ data: Badge }>(`/admin/exhibitor-users/${id}`);
  return data.data;
}

export const badgeQueryOptions = (id: number) =>
  queryOptions({ queryKey: badgeKeys.detail(id), queryFn: () => getBadge(id) });

export function useBadge(id: number) {
  return useQuery(badgeQueryOptions(id));
}
