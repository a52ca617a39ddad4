import type { LeadTeamSettings } from '@portal/shared/leads';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { leadKeys } from './lead-keys';

export async function getLeadTeamSettings(): Promise<LeadTeamSettings> {
  const { data } = await api.get<{ data: LeadTeamSettings }>('/leads/team-settings');
  return data.data;
}

export async function updateLeadTeamSettings(body: LeadTeamSettings): Promise<LeadTeamSettings> {
  const { data } = await api.put<{ data: LeadTeamSettings }>('/leads/team-settings', body);
  return data.data;
}

export const leadTeamSettingsQueryOptions = () =>
  queryOptions({ queryKey: leadKeys.teamSettings(), queryFn: getLeadTeamSettings });

/** The exhibitor account's own choice; sub-accounts neither read nor change it. */
export function useLeadTeamSettings({ enabled }: { enabled: boolean }) {
  return useQuery({ ...leadTeamSettingsQueryOptions(), enabled });
}

export function useUpdateLeadTeamSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLeadTeamSettings,
    onSuccess: (settings) => queryClient.setQueryData(leadKeys.teamSettings(), settings),
  });
}
