import type { BadgeCategory } from '@portal/shared/badge-categories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { badgeKeys } from './badge-keys';

export async function getCategory(id: number): Promise<BadgeCategory> {
  const { data } = await api.get<{ data: BadgeCategory }>(`/admin/badge-categories/${id}`);
  return data.data;
}

export const categoryQueryOptions = (id: number) =>
  queryOptions({ queryKey: badgeKeys.category(id), queryFn: () => getCategory(id) });

export function useCategory(id: number | null) {
  return useQuery({ ...categoryQueryOptions(id ?? 0), enabled: id != null });
}
