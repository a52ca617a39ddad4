import type { ListOutboxQuery } from '@portal/shared/email-outbox';

export type OutboxFilters = Pick<ListOutboxQuery, 'status' | 'purpose' | 'eventId' | 'search' | 'sort'> & { page: number };

export const emailOutboxKeys = {
  all: ['email-outbox'] as const,
  lists: () => [...emailOutboxKeys.all, 'list'] as const,
  list: (filters: OutboxFilters) => [...emailOutboxKeys.lists(), filters] as const,
  eventOptions: () => [...emailOutboxKeys.all, 'event-options'] as const,
};
