import { useMutation } from '@tanstack/react-query';
import { fetchFile, saveFile } from '@/lib/save-file';

export async function downloadBulkSendTemplate(): Promise<void> {
  const { content, fileName } = await fetchFile('/admin/registration-links/bulk-user-badge-category/template');
  saveFile(content, fileName ?? 'registration-links.xlsx');
}

export function useDownloadBulkSendTemplate() {
  return useMutation({ mutationFn: downloadBulkSendTemplate });
}
