import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { registrationLinkKeys } from './registration-link-keys';

/** Revokes a link: companies that open it afterwards can no longer register. */
export async function revokeRegistrationLink(id: string): Promise<void> {
  await api.delete(`/admin/registration-links/${encodeURIComponent(id)}`);
}

export function useRevokeRegistrationLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeRegistrationLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: registrationLinkKeys.lists() }),
  });
}
