import type { AlreadyPrinted, PrintRunBody } from '@portal/shared/badge-prints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refusal } from '@/lib/api-core';
import { postForFile, saveFile } from '@/lib/save-file';
import { badgeKeys } from '@/features/badges/api/badge-keys';

/** Prints badges: the server records the run and streams its PDF, saved as a download; answers how many. */
export async function printBadges(body: PrintRunBody): Promise<number> {
  const { content, fileName, headers } = await postForFile('/admin/badge-prints', body);
  saveFile(content, fileName ?? 'badges.pdf');
  return Number(headers['x-badge-count'] ?? 0);
}

/** The 409 of a run holding badges printed before (it needs a reason), else null. */
export function alreadyPrinted(error: unknown): AlreadyPrinted | null {
  const refused = refusal(error);
  if (refused?.status !== 409) return null;
  const data = refused.data as Partial<AlreadyPrinted> | null;
  return typeof data?.alreadyPrinted === 'number' ? (data as AlreadyPrinted) : null;
}

export function usePrintBadges() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: printBadges,
    // Printed counts and dates change on every badge of the run.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: badgeKeys.all }),
  });
}
