import type { PasswordResetRequestBody } from '@portal/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { NO_AUTH_REDIRECT_HEADER } from '@/config/app';
import { api } from '@/lib/api-client';

/** Asks for a reset link; the answer is the same whether or not the email has an account. */
export async function requestPasswordReset(body: PasswordResetRequestBody): Promise<{ message: string }> {
  const { data } = await api.post<{ message: string }>('/auth/password-reset/request', body, {
    skipAuth: true,
    headers: { [NO_AUTH_REDIRECT_HEADER]: 'true' },
  });
  return data;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
