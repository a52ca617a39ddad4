import type { EmailTemplate } from '@portal/shared/email-templates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { emailTemplateKeys } from './email-template-keys';

export async function getEmailTemplate(id: number): Promise<EmailTemplate> {
  const { data } = await api.get<{ data: EmailTemplate }>(`/admin/email-templates/${id}`);
  return data.data;
}

export const emailTemplateQueryOptions = (id: number) =>
  queryOptions({ queryKey: emailTemplateKeys.detail(id), queryFn: () => getEmailTemplate(id) });

export function useEmailTemplate(id: number) {
  return useQuery(emailTemplateQueryOptions(id));
}
