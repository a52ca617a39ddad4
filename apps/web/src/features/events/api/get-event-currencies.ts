import type { EventCurrencies } from '@portal/shared/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { eventKeys } from './event-keys';

/** The currencies the installation's payment provider takes, which an event may charge in. */
export async function getEventCurrencies(): Promise<EventCurrencies> {
  const { data } = await api.get<{ data: EventCurrencies }>('/events/currencies');
  return data.data;
}

export const eventCurrenciesQueryOptions = () =>
  queryOptions({ queryKey: eventKeys.currencies(), queryFn: getEventCurrencies, staleTime: Infinity });

export function useEventCurrencies() {
  return useQuery(eventCurrenciesQueryOptions());
}
