import type { RegistrationLink } from '@portal/shared/registration-links';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListResponse } from '@/lib/api-types';
import { registrationLinkKeys, type RegistrationLinkListParams } from './registration-link-keys';

/** An event's registration links of one kind, newest first, revoked ones included. */
export async function getRegistrationLinks({
  eventId,
  kind,
  page,
}: RegistrationLinkListParams): Promise<ListResponse<RegistrationLink>> {
  const { data } = await api.get<ListResponse<RegistrationLink>>('/admin/registration-links', {
    params: { eventId, kind, page },
  });
  return data;
}

export const registrationLinksQueryOptions = (params: RegistrationLinkListParams) =>
  queryOptions({
    queryKey: registrationLinkKeys.list(params),
    queryFn: () => getRegistrationLinks(params),
    placeholderData: keepPreviousData,
  });

export function useRegistrationLinks(params: RegistrationLinkListParams) {
  return useQuery(registrationLinksQueryOptions(params));
}
