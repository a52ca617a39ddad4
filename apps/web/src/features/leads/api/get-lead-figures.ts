import type { LeadFigures } from '@portal/shared/leads';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { leadKeys } from './lead-keys';

export async function getLeadFigures(): Promise<LeadFigures> {
  const { data } = await api.get<{ data: LeadFigures }>('/leads/figures');
  return data.data;
}

export const leadFiguresQueryOptions = () => queryOptions({ queryKey: leadKeys.figures(), queryFn: getLeadFigures });

export function useLeadFigures() {
  return useQuery(leadFiguresQueryOptions());
}
