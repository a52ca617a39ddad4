import { type LoginBody, type LoginResponse } from '@portal/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { NO_AUTH_REDIRECT_HEADER } from '@/config/app';
import { api } from '@/lib/api-client';
import { startSession } from '@/lib/session';

export async function login(body: LoginBody): Promise<LoginResponse> {
  // A 401 here means wrong credentials, not an expired session: no refresh.
  const { data } = await api.post<LoginResponse>('/admin/auth/login', body, {
    headers: { [NO_AUTH_REDIRECT_HEADER]: 'true' },
  });
  return data;
}

export function useLogin({ onSuccess }: { onSuccess: () => void }) {
  return useMutation({
    mutationFn: login,
    onSuccess: (response) => {
      startSession(response);
      onSuccess();
    },
  });
}
