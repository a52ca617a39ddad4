import type { Exhibitor } from '@portal/shared/exhibitors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { exhibitorKeys } from './exhibitor-keys';

export async function getExhibitor(id: number): Promise<Exhibitor> {
  const { data } = await api.get<{ data: Exhibitor }>(`/admin/exhibitors/${id}`);
  return data.data;
}

export const exhibitorQueryOptions = (id: number) =>
  queryOptions({ queryKey: exhibitorKeys.detail(id), queryFn: () => getExhibitor(id) });

export function useExhibitor(id: number) {
  return useQuery(exhibitorQueryOptions(id));
}
