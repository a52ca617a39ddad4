import type { CustomField } from '@portal/shared/custom-fields';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { badgeKeys } from './badge-keys';

/** The custom fields a badge of the category answers: event-wide ones first, each group in its order. */
export async function getCategoryFields(badgeCategoryId: number): Promise<CustomField[]> {
  const { data } = await api.get<{ data: CustomField[] }>(`/admin/custom-fields/badge-category/${badgeCategoryId}`, {
    params: { entityType: 'badge' },
  });
  return data.data;
}

export const categoryFieldsQueryOptions = (badgeCategoryId: number) =>
  queryOptions({
    queryKey: badgeKeys.categoryFields(badgeCategoryId),
    queryFn: () => getCategoryFields(badgeCategoryId),
  });

export function useCategoryFields(badgeCategoryId: number | null) {
  return useQuery({ ...categoryFieldsQueryOptions(badgeCategoryId ?? 0), enabled: badgeCategoryId != null });
}
