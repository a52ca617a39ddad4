import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Queues the saved template, filled with sample values, to the signed-in user's own address. */
export async function sendTestEmail(id: number): Promise<{ outboxId: number; toAddress: string }> {
  const { data } = await api.post<{ data: { outboxId: number; toAddress: string } }>(
    `/admin/email-templates/${id}/test`,
  );
  return data.data;
}

export function useSendTestEmail() {
  return useMutation({ mutationFn: sendTestEmail });
}
