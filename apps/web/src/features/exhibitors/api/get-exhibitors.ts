import type { Exhibitor } from '@portal/shared/exhibitors';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListResponse } from '@/lib/api-types';
import { exhibitorKeys, type ExhibitorListParams } from './exhibitor-keys';

export async function getExhibitors({
  page,
  search,
  eventId,
  sort,
}: ExhibitorListParams): Promise<ListResponse<Exhibitor>> {
  const { data } = await api.get<ListResponse<Exhibitor>>('/admin/exhibitors', {
    params: { page, search: search || undefined, eventId: eventId ?? undefined, sort },
  });
  return data;
}

export const exhibitorsQueryOptions = (params: ExhibitorListParams) =>
  queryOptions({
    queryKey: exhibitorKeys.list(params),
    queryFn: () => getExhibitors(params),
    placeholderData: keepPreviousData,
  });

export function useExhibitors(params: ExhibitorListParams) {
  return useQuery(exhibitorsQueryOptions(params));
}
