import { useMutation } from '@tanstack/react-query';
import { fetchFile, saveFile } from '@/lib/save-file';

export type AnswerFile = { badgeId: number; customFieldId: number; fileName: string };

/** Saved under the name the badge's answer shows. */
export async function downloadAnswerFile({ badgeId, customFieldId, fileName }: AnswerFile): Promise<void> {
  const { content } = await fetchFile(`/admin/exhibitor-users/${badgeId}/files/${customFieldId}`);
  saveFile(content, fileName);
}

export function useDownloadAnswerFile() {
  return useMutation({ mutationFn: downloadAnswerFile });
}
