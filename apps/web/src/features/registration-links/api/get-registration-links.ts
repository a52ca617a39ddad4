import type { RegistrationLink } from '@portal/shared/registration-links';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListResponse } from '@/lib/api-types';
import { registrationLinkKeys, type RegistrationLinkListParams } from './registration-link-keys';

/** Registration links of one kind (of an event, a category, an owner), newest first, revoked ones included. */
export async function getRegistrationLinks(
  params: RegistrationLinkListParams,
): Promise<ListResponse<RegistrationLink>> {
  const { data } = await api.get<ListResponse<RegistrationLink>>('/admin/registration-links', { params });
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
