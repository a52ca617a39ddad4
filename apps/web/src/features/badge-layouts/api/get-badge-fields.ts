import { MAX_PAGE_SIZE } from '@portal/shared/common';
import type { CustomField } from '@portal/shared/custom-fields';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListResponse } from '@/lib/api-types';
import { badgeLayoutKeys } from './badge-layout-keys';

/** The event's badge questions whose answers a layout may print; a file's answer has no text to print. */
export async function getBadgeFields(eventId: number): Promise<CustomField[]> {
  const { data } = await api.get<ListResponse<CustomField>>('/custom-fields', {
    params: { eventId, entityType: 'badge', per_page: MAX_PAGE_SIZE },
  });
  return data.data.filter((field) => field.type !== 'file');
}

export function useBadgeFields(eventId: number) {
  return useQuery(queryOptions({ queryKey: badgeLayoutKeys.fields(eventId), queryFn: () => getBadgeFields(eventId) }));
}
