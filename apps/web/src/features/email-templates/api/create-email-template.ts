import type { CreateEmailTemplateBody, EmailTemplate } from '@portal/shared/email-templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { emailTemplateKeys } from './email-template-keys';

export async function createEmailTemplate(body: CreateEmailTemplateBody): Promise<EmailTemplate> {
  const { data } = await api.post<{ data: EmailTemplate }>('/admin/email-templates', body);
  return data.data;
}

export function useCreateEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEmailTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailTemplateKeys.all }),
  });
}
