import type { EventStatus } from '@portal/shared/events';
import type { ListParams } from '@/lib/api-types';

export type EventListParams = ListParams & { status: EventStatus | null; sort: string };

export const eventKeys = {
  all: ['events'] as const,
  lists: () => [...eventKeys.all, 'list'] as const,
  list: (params: EventListParams) => [...eventKeys.lists(), params] as const,
  detail: (id: number) => [...eventKeys.all, 'detail', id] as const,
  currencies: () => [...eventKeys.all, 'currencies'] as const,
};
