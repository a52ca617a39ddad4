import { MAX_PAGE_SIZE } from '@portal/shared/common';
import type { Exhibitor } from '@portal/shared/exhibitors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListResponse } from '@/lib/api-types';
import { purchaseKeys } from './purchase-keys';

export async function getExhibitorOptions(eventId: number | null): Promise<Exhibitor[]> {
  const { data } = await api.get<ListResponse<Exhibitor>>('/admin/exhibitors', {
    params: { eventId: eventId ?? undefined, per_page: MAX_PAGE_SIZE, sort: 'companyName' },
  });
  return data.data;
}

export const exhibitorOptionsQueryOptions = (eventId: number | null) =>
  queryOptions({ queryKey: purchaseKeys.exhibitorOptions(eventId), queryFn: () => getExhibitorOptions(eventId) });

export function useExhibitorOptions(eventId: number | null, enabled = true) {
  return useQuery({ ...exhibitorOptionsQueryOptions(eventId), enabled });
}
