import type { LoginResponse } from '@portal/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NO_AUTH_REDIRECT_HEADER } from '@/config/app';
import { api } from '@/lib/api-client';
import { startSession } from '@/lib/session';

/** An invited exhibitor chooses its password; the answer signs it in like a login. */
export async function acceptInvitation(body: { token: string; password: string }): Promise<LoginResponse> {
  const { data } = await api.post<LoginResponse>('/auth/accept-invitation', body, {
    skipAuth: true,
    headers: { [NO_AUTH_REDIRECT_HEADER]: 'true' },
  });
  return data;
}

export function useAcceptInvitation({ onSuccess }: { onSuccess: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: (response) => {
      // Whoever was signed in on this browser before must not see their data under the new account.
      queryClient.clear();
      startSession(response);
      onSuccess();
    },
  });
}
