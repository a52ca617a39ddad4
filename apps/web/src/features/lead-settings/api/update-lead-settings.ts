import type { LeadSettingsBody, LeadSettingsWithFields } from '@portal/shared/leads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { leadSettingsKeys } from './lead-settings-keys';

export async function updateLeadSettings({
  eventId,
  body,
}: {
  eventId: number;
  body: LeadSettingsBody;
}): Promise<LeadSettingsWithFields> {
  const { data } = await api.put<{ data: LeadSettingsWithFields }>(`/admin/events/${eventId}/lead-settings`, body);
  return data.data;
}

export function useUpdateLeadSettings(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LeadSettingsBody) => updateLeadSettings({ eventId, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(leadSettingsKeys.settings(eventId), saved);
      // The exhibitors on the event's default scan or not with it.
      return queryClient.invalidateQueries({ queryKey: leadSettingsKeys.summaries(eventId) });
    },
  });
}
