import type { LoginResponse } from '@portal/shared/auth';
import type { RegisterExhibitorBody } from '@portal/shared/registration-links';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NO_AUTH_REDIRECT_HEADER, REGISTRATION_TIMEOUT_MS } from '@/config/app';
import { api } from '@/lib/api-client';
import { startSession } from '@/lib/session';

/** Registers the company through the link, then signs its new exhibitor account in. */
export async function registerExhibitor({
  linkId,
  body,
}: {
  linkId: string;
  body: RegisterExhibitorBody;
}): Promise<LoginResponse> {
  await api.post(`/admin/registration-links/${encodeURIComponent(linkId)}/create`, body, {
    skipAuth: true,
    timeout: REGISTRATION_TIMEOUT_MS,
  });
  const { data } = await api.post<LoginResponse>(
    '/admin/auth/login',
    { email: body.email, password: body.password },
    { skipAuth: true, headers: { [NO_AUTH_REDIRECT_HEADER]: 'true' } },
  );
  return data;
}

export function useRegisterExhibitor({ onSuccess }: { onSuccess: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerExhibitor,
    onSuccess: (response) => {
      // Whoever was signed in on this browser before must not see their data under the new account.
      queryClient.clear();
      startSession(response);
      onSuccess();
    },
  });
}
