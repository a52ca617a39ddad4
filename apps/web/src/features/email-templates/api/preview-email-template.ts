import type { PreviewEmailTemplateBody, RenderedEmail } from '@portal/shared/email-templates';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { emailTemplateKeys } from './email-template-keys';

/** The template rendered with the purpose's sample values; a 400 names the field with an unknown placeholder. */
export async function previewEmailTemplate(body: PreviewEmailTemplateBody): Promise<RenderedEmail> {
  const { data } = await api.post<{ data: RenderedEmail }>('/admin/email-templates/preview', body);
  return data.data;
}

/** Renders `body` while there is one; a refused template is not asked again until it changes. */
export function useEmailTemplatePreview(body: PreviewEmailTemplateBody | null) {
  return useQuery({
    queryKey: [...emailTemplateKeys.all, 'preview', body] as const,
    queryFn: () => previewEmailTemplate(body!),
    enabled: body != null,
    retry: false,
    placeholderData: keepPreviousData,
  });
}
