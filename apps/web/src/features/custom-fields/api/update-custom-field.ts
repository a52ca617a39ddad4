import type { CustomField, UpdateCustomFieldBody } from '@portal/shared/custom-fields';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { customFieldKeys } from './custom-field-keys';

export async function updateCustomField({
  id,
  body,
}: {
  id: number;
  body: UpdateCustomFieldBody;
}): Promise<CustomField> {
  const { data } = await api.put<{ data: CustomField }>(`/custom-fields/${id}`, body);
  return data.data;
}

export function useUpdateCustomField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomField,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customFieldKeys.all }),
  });
}
