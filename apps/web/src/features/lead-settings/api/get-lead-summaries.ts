import type { ExhibitorLeadSummary } from '@portal/shared/leads';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListResponse } from '@/lib/api-types';
import { leadSettingsKeys, type LeadSummaryListParams } from './lead-settings-keys';

export async function getLeadSummaries(
  eventId: number,
  { page, search, sort }: LeadSummaryListParams,
): Promise<ListResponse<ExhibitorLeadSummary>> {
  const { data } = await api.get<ListResponse<ExhibitorLeadSummary>>(`/admin/events/${eventId}/lead-summaries`, {
    params: { page, search: search || undefined, sort },
  });
  return data;
}

export const leadSummariesQueryOptions = (eventId: number, params: LeadSummaryListParams) =>
  queryOptions({
    queryKey: leadSettingsKeys.summaryList(eventId, params),
    queryFn: () => getLeadSummaries(eventId, params),
    placeholderData: keepPreviousData,
  });

export function useLeadSummaries(eventId: number, params: LeadSummaryListParams) {
  return useQuery(leadSummariesQueryOptions(eventId, params));
}
