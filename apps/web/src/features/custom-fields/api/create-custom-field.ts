import type { CreateCustomFieldBody, CustomField } from '@portal/shared/custom-fields';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { customFieldKeys } from './custom-field-keys';

export async function createCustomField(body: CreateCustomFieldBody): Promise<CustomField> {
  const { data } = await api.post<{ data: CustomField }>('/custom-fields', body);
  return data.data;
}

export function useCreateCustomField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomField,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customFieldKeys.all }),
  });
}
