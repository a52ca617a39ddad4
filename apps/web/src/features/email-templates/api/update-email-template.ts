import type { EmailTemplate, UpdateEmailTemplateBody } from '@portal/shared/email-templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { emailTemplateKeys } from './email-template-keys';

export async function updateEmailTemplate({
  id,
  body,
}: {
  id: number;
  body: UpdateEmailTemplateBody;
}): Promise<EmailTemplate> {
  const { data } = await api.put<{ data: EmailTemplate }>(`/admin/email-templates/${id}`, body);
  return data.data;
}

export function useUpdateEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmailTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailTemplateKeys.all }),
  });
}
