import type { CreateBadgeLinkBody, RegistrationLink } from '@portal/shared/registration-links';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { registrationLinkKeys } from './registration-link-keys';

/** A shareable badge link: whoever opens it registers a badge of the category on the owner's places. */
export async function createBadgeLink(body: CreateBadgeLinkBody): Promise<RegistrationLink> {
  const { data } = await api.post<{ data: RegistrationLink }>('/admin/registration-links', body);
  return data.data;
}

export function useCreateBadgeLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBadgeLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: registrationLinkKeys.lists() }),
  });
}
