import type { ExhibitorLeadSummary } from '@portal/shared/leads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { leadSettingsKeys } from './lead-settings-keys';

export async function updateLeadAccess({
  exhibitorId,
  scanningEnabled,
}: {
  exhibitorId: number;
  scanningEnabled: boolean | null;
}): Promise<ExhibitorLeadSummary> {
  const { data } = await api.put<{ data: ExhibitorLeadSummary }>(`/admin/exhibitors/${exhibitorId}/lead-access`, {
    scanningEnabled,
  });
  return data.data;
}

export function useUpdateLeadAccess(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLeadAccess,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadSettingsKeys.summaries(eventId) }),
  });
}
