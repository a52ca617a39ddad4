import { MAX_PAGE_SIZE } from '@portal/shared/common';
import type { CustomField } from '@portal/shared/custom-fields';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListResponse } from '@/lib/api-types';
import { customFieldKeys } from './custom-field-keys';

/**
 * The event's fields, active and inactive; one page of the largest size, which an event's form questions fit.
 * Without a `sort`, the server's order: event-wide fields first, then each category's, each as its form asks them.
 */
export async function getCustomFields(eventId: number, sort?: string): Promise<ListResponse<CustomField>> {
  const { data } = await api.get<ListResponse<CustomField>>('/custom-fields', {
    params: { eventId, per_page: MAX_PAGE_SIZE, sort },
  });
  return data;
}

export const customFieldsQueryOptions = (eventId: number, sort?: string) =>
  queryOptions({
    queryKey: customFieldKeys.list(eventId, sort),
    queryFn: () => getCustomFields(eventId, sort),
    placeholderData: keepPreviousData,
  });

export function useCustomFields(eventId: number | null, sort?: string) {
  return useQuery({ ...customFieldsQueryOptions(eventId ?? 0, sort), enabled: eventId != null });
}
