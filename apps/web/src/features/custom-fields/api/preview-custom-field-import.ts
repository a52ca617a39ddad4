import type { ImportBody, ImportReport } from '@portal/shared/custom-fields';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** What an import of the file would do, field by field; writes nothing. */
export async function previewCustomFieldImport(body: ImportBody): Promise<ImportReport> {
  const { data } = await api.post<{ data: ImportReport }>('/custom-fields/import/preview', body);
  return data.data;
}

export function usePreviewCustomFieldImport() {
  return useMutation({ mutationFn: previewCustomFieldImport });
}
