import type { InvitationCheck, PasswordResetCheck } from '@portal/shared/auth';
import { useQuery } from '@tanstack/react-query';
import { NO_AUTH_REDIRECT_HEADER } from '@/config/app';
import { api } from '@/lib/api-client';
import { authKeys } from './auth-keys';

const publicCall = { skipAuth: true, headers: { [NO_AUTH_REDIRECT_HEADER]: 'true' } };

/** Whether a password reset link still works; asking uses nothing up. */
export async function checkPasswordReset(token: string): Promise<PasswordResetCheck> {
  const { data } = await api.post<{ data: PasswordResetCheck }>('/auth/password-reset/check', { token }, publicCall);
  return data.data;
}

/** Whether an invitation link still works, and the event and company it is for. */
export async function checkInvitation(token: string): Promise<InvitationCheck> {
  const { data } = await api.post<{ data: InvitationCheck }>('/auth/accept-invitation/check', { token }, publicCall);
  return data.data;
}

// Asked each time the page opens: a link used in another tab a minute ago must not read as working.
const fresh = { staleTime: 0, gcTime: 0 } as const;

export function usePasswordResetCheck(token: string) {
  return useQuery({
    queryKey: authKeys.linkCheck('password-reset', token),
    queryFn: () => checkPasswordReset(token),
    ...fresh,
  });
}

export function useInvitationCheck(token: string) {
  return useQuery({
    queryKey: authKeys.linkCheck('invitation', token),
    queryFn: () => checkInvitation(token),
    ...fresh,
  });
}
