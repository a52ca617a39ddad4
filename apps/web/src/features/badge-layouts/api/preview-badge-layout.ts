import type { BadgeLayoutPreview, BadgeLayoutPreviewBody } from '@portal/shared/badge-layouts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { badgeLayoutKeys } from './badge-layout-keys';

/** The badge as the print draws it, as SVG, for a layout that need not be saved yet. */
export async function previewBadgeLayout(eventId: number, body: BadgeLayoutPreviewBody): Promise<BadgeLayoutPreview> {
  const { data } = await api.post<BadgeLayoutPreview>(`/admin/events/${eventId}/badge-layouts/preview`, body);
  return data;
}

/** The preview of `body`, or none while it is null (a draft that would be refused); the last one stays shown while the next loads. */
export function useBadgeLayoutPreview(eventId: number, body: BadgeLayoutPreviewBody | null) {
  return useQuery({
    ...queryOptions({
      queryKey: badgeLayoutKeys.preview(eventId, body),
      queryFn: () => previewBadgeLayout(eventId, body!),
      placeholderData: keepPreviousData,
    }),
    enabled: body !== null,
  });
}
