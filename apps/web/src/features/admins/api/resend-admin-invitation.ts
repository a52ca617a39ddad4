import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** Sends the invitation email again; older invitation links stop working. 409 once a password is chosen. */
export async function resendAdminInvitation(id: number): Promise<void> {
  await api.post(`/admin/admins/${id}/invitation`);
}

export function useResendAdminInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendAdminInvitation,
    // On a conflict the account has chosen its password meanwhile: the list says so once read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.lists() }),
  });
}
