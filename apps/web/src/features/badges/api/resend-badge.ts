import type { ResendBadgeResult } from '@portal/shared/e-badges';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function resendBadge(id: number): Promise<ResendBadgeResult> {
  const { data } = await api.post<{ data: ResendBadgeResult }>(`/admin/exhibitor-users/${id}/resend-badge`);
  return data.data;
}

export function useResendBadge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendBadge,
    // The mail joins the outbox, whose list another screen may hold.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
