import type { Lead, UpdateLeadBody } from '@portal/shared/leads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { leadKeys } from './lead-keys';

export async function updateLead(
  id: number,
  body: UpdateLeadBody,
  { timeoutMs }: { timeoutMs?: number } = {},
): Promise<Lead> {
  const { data } = await api.put<{ data: Lead }>(`/leads/${id}`, body, timeoutMs ? { timeout: timeoutMs } : undefined);
  return data.data;
}

/** A change to one lead: its page shows the server's answer at once, the lists and figures are read again. */
export function useUpdateLead(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateLeadBody) => updateLead(id, body),
    onSuccess: (lead) => {
      queryClient.setQueryData(leadKeys.detail(id), lead);
      void queryClient.invalidateQueries({ queryKey: leadKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: leadKeys.figures() });
    },
  });
}
