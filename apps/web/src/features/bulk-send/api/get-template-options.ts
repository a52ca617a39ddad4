import { MAX_PAGE_SIZE } from '@portal/shared/common';
import type { EmailTemplate } from '@portal/shared/email-templates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListResponse } from '@/lib/api-types';
import { bulkSendKeys } from './bulk-send-keys';

/** The registration-link templates the user may see: its event's, and the global ones for a system-wide admin. */
export async function getTemplateOptions(): Promise<EmailTemplate[]> {
  const { data } = await api.get<ListResponse<EmailTemplate>>('/admin/email-templates', {
    params: { purpose: 'registration_link', per_page: MAX_PAGE_SIZE, sort: 'name' },
  });
  return data.data;
}

export const templateOptionsQueryOptions = () =>
  queryOptions({ queryKey: bulkSendKeys.templates(), queryFn: getTemplateOptions });

export function useTemplateOptions(enabled: boolean) {
  return useQuery({ ...templateOptionsQueryOptions(), enabled });
}
