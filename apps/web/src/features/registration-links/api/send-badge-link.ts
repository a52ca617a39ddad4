import type { CreateUserLinkBody, RegistrationLink } from '@portal/shared/registration-links';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { registrationLinkKeys } from './registration-link-keys';

/** A single-use badge link of the chosen category for one recipient, emailed at once. */
export async function sendBadgeLink(body: CreateUserLinkBody & { badgeCategoryId: number }): Promise<RegistrationLink> {
  const { data } = await api.post<{ data: RegistrationLink }>('/admin/registration-links/user-badge-category', body);
  return data.data;
}

export function useSendBadgeLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendBadgeLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: registrationLinkKeys.lists() }),
  });
}
