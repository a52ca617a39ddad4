import { useMutation } from '@tanstack/react-query';
import { fetchFile, saveFile } from '@/lib/save-file';

/** Saves the event's export under the name the server gives (`custom-fields-YYYY-MM-DD.json`) and returns that name. */
export async function exportCustomFields(eventId: number): Promise<string> {
  const { content, fileName } = await fetchFile('/custom-fields/export', { eventId });
  const name = fileName ?? `custom-fields-${new Date().toISOString().slice(0, 10)}.json`;
  saveFile(content, name);
  return name;
}

export function useExportCustomFields() {
  return useMutation({ mutationFn: exportCustomFields });
}
