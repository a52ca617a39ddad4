import { BADGE_CATEGORY_PAGE_SIZE, type BadgeCategorySummary } from '@portal/shared/badge-categories';
import { MAX_PAGE_SIZE } from '@portal/shared/common';
import type { EmailTemplate } from '@portal/shared/email-templates';
import type { Exhibitor } from '@portal/shared/exhibitors';
import type { SubAccount } from '@portal/shared/sub-accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListResponse } from '@/lib/api-types';
import { registrationLinkKeys } from './registration-link-keys';

/** What a new badge link may be made of at an event: its badge categories, its exhibitors, its link templates. */
export async function getLinkCategories(eventId: number): Promise<BadgeCategorySummary[]> {
  const { data } = await api.get<{ data: BadgeCategorySummary[] }>(`/admin/badge-categories/event/${eventId}`, {
    params: { type: 'badge', limit: BADGE_CATEGORY_PAGE_SIZE },
  });
  return data.data;
}

export type LinkOwners = { exhibitors: Exhibitor[]; subAccounts: SubAccount[] };

/** Who may own a link: the event's exhibitors and, for those who see them, their sub-accounts. */
export async function getLinkOwners(eventId: number, withSubAccounts: boolean): Promise<LinkOwners> {
  const params = { eventId, per_page: MAX_PAGE_SIZE };
  const [exhibitors, subAccounts] = await Promise.all([
    api.get<ListResponse<Exhibitor>>('/admin/exhibitors', { params: { ...params, sort: 'companyName' } }),
    withSubAccounts ? api.get<ListResponse<SubAccount>>('/admin/sub-accounts', { params }) : null,
  ]);
  return { exhibitors: exhibitors.data.data, subAccounts: subAccounts?.data.data ?? [] };
}

/** Active registration-link templates of the event and global ones. */
export async function getLinkTemplates(eventId: number): Promise<EmailTemplate[]> {
  const { data } = await api.get<ListResponse<EmailTemplate>>('/admin/email-templates', {
    params: { purpose: 'registration_link', per_page: MAX_PAGE_SIZE, sort: 'name' },
  });
  return data.data.filter(
    (template) => template.isActive && (template.eventId == null || template.eventId === eventId),
  );
}

export function useLinkCategories(eventId: number, enabled: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: registrationLinkKeys.categories(eventId), queryFn: () => getLinkCategories(eventId) }),
    enabled,
  });
}

export function useLinkOwners(eventId: number, withSubAccounts: boolean, enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: registrationLinkKeys.owners(eventId, withSubAccounts),
      queryFn: () => getLinkOwners(eventId, withSubAccounts),
    }),
    enabled,
  });
}

export function useLinkTemplates(eventId: number, enabled: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: registrationLinkKeys.templates(eventId), queryFn: () => getLinkTemplates(eventId) }),
    enabled,
  });
}
