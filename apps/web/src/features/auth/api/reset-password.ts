import type { PasswordResetBody } from '@portal/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NO_AUTH_REDIRECT_HEADER } from '@/config/app';
import { api } from '@/lib/api-client';
import { clearSession } from '@/lib/session';

/** Sets a new password with the token from the reset email; every session of the account ends. */
export async function resetPassword(body: PasswordResetBody): Promise<void> {
  await api.post('/auth/password-reset', body, { skipAuth: true, headers: { [NO_AUTH_REDIRECT_HEADER]: 'true' } });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: () => {
      // The server has ended every session of the account, this browser's included if it had one.
      queryClient.clear();
      clearSession();
    },
  });
}
