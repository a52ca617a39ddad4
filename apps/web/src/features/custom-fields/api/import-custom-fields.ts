import type { ImportBody, ImportReport } from '@portal/shared/custom-fields';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { customFieldKeys } from './custom-field-keys';

/** Imports the file's fields into the event, all or nothing, as the preview of the same input showed. */
export async function importCustomFields(body: ImportBody): Promise<ImportReport> {
  const { data } = await api.post<{ data: ImportReport }>('/custom-fields/import', body);
  return data.data;
}

export function useImportCustomFields() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importCustomFields,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customFieldKeys.all }),
  });
}
