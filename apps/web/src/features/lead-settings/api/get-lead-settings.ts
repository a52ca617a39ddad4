import type { LeadSettingsWithFields } from '@portal/shared/leads';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { leadSettingsKeys } from './lead-settings-keys';

export async function getLeadSettings(eventId: number): Promise<LeadSettingsWithFields> {
  const { data } = await api.get<{ data: LeadSettingsWithFields }>(`/admin/events/${eventId}/lead-settings`);
  return data.data;
}

export const leadSettingsQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: leadSettingsKeys.settings(eventId), queryFn: () => getLeadSettings(eventId) });

export function useLeadSettings(eventId: number) {
  return useQuery(leadSettingsQueryOptions(eventId));
}
