import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { exhibitorKeys } from './exhibitor-keys';

/** Sends the invitation email again; older invitation links stop working. 409 once a password is chosen. */
export async function resendInvitation(id: number): Promise<void> {
  await api.post(`/admin/exhibitors/${id}/invitation`);
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    // On a conflict the exhibitor has chosen its password meanwhile: its record says so now.
    onSettled: (_data, _error, id) => queryClient.invalidateQueries({ queryKey: exhibitorKeys.detail(id) }),
  });
}
