import { MAX_PAGE_SIZE } from '@portal/shared/common';
import type { CustomField } from '@portal/shared/custom-fields';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListResponse } from '@/lib/api-types';
import { customFieldKeys } from './custom-field-keys';

/** The event's fields, active and inactive; one page of the largest size, which an event's form questions fit. */
export async function getCustomFields(eventId: number): Promise<ListResponse<CustomField>> {
  const { data } = await api.get<ListResponse<CustomField>>('/custom-fields', {
    params: { eventId, per_page: MAX_PAGE_SIZE },
  });
  return data;
}

export const customFieldsQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: customFieldKeys.list(eventId), queryFn: () => getCustomFields(eventId) });

export function useCustomFields(eventId: number | null) {
  return useQuery({ ...customFieldsQueryOptions(eventId ?? 0), enabled: eventId != null });
}
