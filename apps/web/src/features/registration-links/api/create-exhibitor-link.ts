import type { RegistrationLink } from '@portal/shared/registration-links';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { registrationLinkKeys } from './registration-link-keys';

export type CreateExhibitorLinkInput = { eventId: number; maxUses: number | null; expiresAt: string | null };

/** An exhibitor registration link for an event: companies that open it register themselves. */
export async function createExhibitorLink(input: CreateExhibitorLinkInput): Promise<RegistrationLink> {
  const { data } = await api.post<{ data: RegistrationLink }>('/admin/registration-links', {
    ...input,
    kind: 'exhibitor',
  });
  return data.data;
}

export function useCreateExhibitorLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExhibitorLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: registrationLinkKeys.lists() }),
  });
}
