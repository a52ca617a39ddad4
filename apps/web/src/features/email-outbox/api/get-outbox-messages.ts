import type { OutboxMessage } from '@portal/shared/email-outbox';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListResponse } from '@/lib/api-types';
import { emailOutboxKeys, type OutboxFilters } from './email-outbox-keys';

export async function getOutboxMessages(filters: OutboxFilters): Promise<ListResponse<OutboxMessage>> {
  const { data } = await api.get<ListResponse<OutboxMessage>>('/admin/email-outbox', {
    params: { ...filters, search: filters.search || undefined, sort: filters.sort ?? '-createdAt' },
  });
  return data;
}

export const outboxMessagesQueryOptions = (filters: OutboxFilters) =>
  queryOptions({
    queryKey: emailOutboxKeys.list(filters),
    queryFn: () => getOutboxMessages(filters),
    placeholderData: keepPreviousData,
  });

export function useOutboxMessages(filters: OutboxFilters) {
  return useQuery(outboxMessagesQueryOptions(filters));
}
