import type { EmailTemplate } from '@portal/shared/email-templates';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListResponse } from '@/lib/api-types';
import { emailTemplateKeys, type EmailTemplateFilters } from './email-template-keys';

export async function getEmailTemplates(filters: EmailTemplateFilters): Promise<ListResponse<EmailTemplate>> {
  const { data } = await api.get<ListResponse<EmailTemplate>>('/admin/email-templates', {
    params: { ...filters, search: filters.search || undefined },
  });
  return data;
}

export const emailTemplatesQueryOptions = (filters: EmailTemplateFilters) =>
  queryOptions({
    queryKey: emailTemplateKeys.list(filters),
    queryFn: () => getEmailTemplates(filters),
    placeholderData: keepPreviousData,
  });

export function useEmailTemplates(filters: EmailTemplateFilters) {
  return useQuery(emailTemplatesQueryOptions(filters));
}
