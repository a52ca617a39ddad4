import { BADGE_CATEGORY_PAGE_SIZE, type BadgeCategorySummary } from '@portal/shared/badge-categories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { emailTemplateKeys } from './email-template-keys';

/** The event's badge categories a template may be meant for. */
export async function getCategoryOptions(eventId: number): Promise<BadgeCategorySummary[]> {
  const { data } = await api.get<{ data: BadgeCategorySummary[] }>(`/admin/badge-categories/event/${eventId}`, {
    params: { type: 'badge', limit: BADGE_CATEGORY_PAGE_SIZE },
  });
  return data.data;
}

export const categoryOptionsQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: emailTemplateKeys.categories(eventId), queryFn: () => getCategoryOptions(eventId) });

export function useCategoryOptions(eventId: number | null) {
  return useQuery({ ...categoryOptionsQueryOptions(eventId ?? 0), enabled: eventId != null });
}
