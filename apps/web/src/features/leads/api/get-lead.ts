import type { Lead } from '@portal/shared/leads';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { leadKeys } from './lead-keys';

export async function getLead(id: number): Promise<Lead> {
  const { data } = await api.get<{ data: Lead }>(`/leads/${id}`);
  return data.data;
}

export const leadQueryOptions = (id: number) =>
  queryOptions({ queryKey: leadKeys.detail(id), queryFn: () => getLead(id) });

export function useLead(id: number) {
  return useQuery(leadQueryOptions(id));
}
