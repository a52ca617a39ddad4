import type { OutboxMessage } from '@portal/shared/email-outbox';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { emailOutboxKeys } from './email-outbox-keys';

export async function retryOutboxMessage(id: number): Promise<OutboxMessage> {
  const { data } = await api.post<{ data: OutboxMessage }>(`/admin/email-outbox/${id}/retry`);
  return data.data;
}

export function useRetryOutboxMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryOutboxMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailOutboxKeys.lists() }),
  });
}
