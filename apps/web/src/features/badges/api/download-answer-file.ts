import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

export type AnswerFile = { badgeId: number; customFieldId: number; fileName: string };

/** Fetched through the API client rather than a plain link, so that the bearer token goes with it. */
export async function downloadAnswerFile({ badgeId, customFieldId, fileName }: AnswerFile): Promise<void> {
  const { data } = await api.get<Blob>(`/admin/exhibitor-users/${badgeId}/files/${customFieldId}`, {
    responseType: 'blob',
  });
  saveFile(data, fileName);
}

export function useDownloadAnswerFile() {
  return useMutation({ mutationFn: downloadAnswerFile });
}
