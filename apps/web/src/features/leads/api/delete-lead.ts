import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { leadKeys } from './lead-keys';

export async function deleteLead(id: number): Promise<void> {
  await api.delete(`/leads/${id}`);
}

export function useDeleteLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLead,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: leadKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: leadKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: leadKeys.figures() });
    },
  });
}
