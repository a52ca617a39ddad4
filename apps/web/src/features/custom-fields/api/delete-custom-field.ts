import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { customFieldKeys } from './custom-field-keys';

/** Refused (409) while badges have answered the field: switching it off keeps their answers. */
export async function deleteCustomField(id: number): Promise<void> {
  await api.delete(`/custom-fields/${id}`);
}

export function useDeleteCustomField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomField,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customFieldKeys.all }),
  });
}
