import type { PublicRegistrationLink } from '@portal/shared/registration-links';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { registrationLinkKeys } from './registration-link-keys';

/** Public: the event a link registers for. 404 for an unknown link, 410 once expired or used up. */
export async function getRegistrationLink(id: string): Promise<PublicRegistrationLink> {
  const { data } = await api.get<{ data: PublicRegistrationLink }>(`/registration-links/${encodeURIComponent(id)}`, {
    skipAuth: true,
  });
  return data.data;
}

export const registrationLinkQueryOptions = (id: string) =>
  queryOptions({ queryKey: registrationLinkKeys.public(id), queryFn: () => getRegistrationLink(id) });

export function useRegistrationLink(id: string) {
  return useQuery(registrationLinkQueryOptions(id));
}
