import type { ListParams } from '@/lib/api-types';

export type ExhibitorListParams = ListParams & { eventId: number | null; sort: string };

export const exhibitorKeys = {
  all: ['exhibitors'] as const,
  lists: () => [...exhibitorKeys.all, 'list'] as const,
  list: (params: ExhibitorListParams) => [...exhibitorKeys.lists(), params] as const,
  detail: (id: number) => [...exhibitorKeys.all, 'detail', id] as const,
  eventOptions: () => [...exhibitorKeys.all, 'event-options'] as const,
  companyOptions: () => [...exhibitorKeys.all, 'company-options'] as const,
};
