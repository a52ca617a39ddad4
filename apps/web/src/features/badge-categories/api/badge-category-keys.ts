import type { CategoryType } from '@portal/shared/badge-categories';
import type { ListParams } from '@/lib/api-types';

export type BadgeCategoryListParams = ListParams & { eventId: number | null; type: CategoryType | null; sort: string };

export const badgeCategoryKeys = {
  all: ['badge-categories'] as const,
  byEvent: (eventId: number, badgeType: string | undefined) =>
    [...badgeCategoryKeys.all, 'event', eventId, badgeType ?? 'all'] as const,
  lists: () => [...badgeCategoryKeys.all, 'list'] as const,
  list: (params: BadgeCategoryListParams) => [...badgeCategoryKeys.lists(), params] as const,
  eventOptions: () => [...badgeCategoryKeys.all, 'event-options'] as const,
};
