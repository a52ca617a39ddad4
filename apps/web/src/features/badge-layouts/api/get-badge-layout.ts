import type { BadgeLayout } from '@portal/shared/badge-layouts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { badgeLayoutKeys } from './badge-layout-keys';

export async function getBadgeLayout(id: number): Promise<BadgeLayout> {
  const { data } = await api.get<{ data: BadgeLayout }>(`/admin/badge-layouts/${id}`);
  return data.data;
}

export const badgeLayoutQueryOptions = (id: number) =>
  queryOptions({ queryKey: badgeLayoutKeys.layout(id), queryFn: () => getBadgeLayout(id) });

export function useBadgeLayout(id: number) {
  return useQuery(badgeLayoutQueryOptions(id));
}
