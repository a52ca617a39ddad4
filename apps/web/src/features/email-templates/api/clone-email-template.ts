import type { CloneEmailTemplateBody, EmailTemplate } from '@portal/shared/email-templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { emailTemplateKeys } from './email-template-keys';

/** A copy of the template for another (or the same) event; the copy starts under the given name or the original's. */
export async function cloneEmailTemplate({
  id,
  body,
}: {
  id: number;
  body: CloneEmailTemplateBody;
}): Promise<EmailTemplate> {
  const { data } = await api.post<{ data: EmailTemplate }>(`/admin/email-templates/${id}/clone`, body);
  return data.data;
}

export function useCloneEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cloneEmailTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailTemplateKeys.all }),
  });
}
