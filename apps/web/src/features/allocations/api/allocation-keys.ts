import type { CategoryType } from '@portal/shared/badge-categories';
import type { ListParams } from '@/lib/api-types';

export type AllocationListParams = ListParams & {
  type: CategoryType;
  eventId: number | null;
  badgeCategoryId: number | null;
  /** The list's `sort` (`-quantity`); the API's default, oldest first, when left out. */
  sort?: string;
};

/** One holder's allocations, as on its exhibitor page. */
export type HolderAllocationParams = { adminId: number; page: number; sort: string };

export const allocationKeys = {
  all: ['allocations'] as const,
  lists: () => [...allocationKeys.all, 'list'] as const,
  list: (params: AllocationListParams) => [...allocationKeys.lists(), params] as const,
  holderList: (params: HolderAllocationParams) => [...allocationKeys.lists(), 'holder', params] as const,
  categories: (eventId: number, type: CategoryType) => [...allocationKeys.all, 'categories', eventId, type] as const,
  holders: (eventId: number | null, kind: 'exhibitors' | 'sub-accounts') =>
    [...allocationKeys.all, 'holders', kind, eventId] as const,
  eventOptions: () => [...allocationKeys.all, 'event-options'] as const,
};
