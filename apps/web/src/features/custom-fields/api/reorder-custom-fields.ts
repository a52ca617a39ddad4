import type { z } from 'zod';
import type { reorderCustomFieldsBodySchema } from '@portal/shared/custom-fields';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { customFieldKeys } from './custom-field-keys';

export type ReorderCustomFieldsBody = z.input<typeof reorderCustomFieldsBodySchema>;

/** Sets the order of one group (a category's fields, or the event-wide ones): every id of it, once. */
export async function reorderCustomFields(body: ReorderCustomFieldsBody): Promise<void> {
  await api.put('/custom-fields/order', body);
}

export function useReorderCustomFields() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderCustomFields,
    onSettled: () => queryClient.invalidateQueries({ queryKey: customFieldKeys.lists() }),
  });
}
