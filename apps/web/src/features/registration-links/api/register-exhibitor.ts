import type { RegisterExhibitorBody, RegistrationReceived } from '@portal/shared/registration-links';
import { useMutation } from '@tanstack/react-query';
import { REGISTRATION_TIMEOUT_MS } from '@/config/app';
import { api } from '@/lib/api-client';

/**
 * Registers the company through the link. The answer is the same whether the email was new or
 * already had an account: the next step (choosing a password, or signing in) arrives by email.
 */
export async function registerExhibitor({
  linkId,
  body,
}: {
  linkId: string;
  body: RegisterExhibitorBody;
}): Promise<RegistrationReceived> {
  const { data } = await api.post<{ data: RegistrationReceived }>(
    `/admin/registration-links/${encodeURIComponent(linkId)}/create`,
    body,
    { skipAuth: true, timeout: REGISTRATION_TIMEOUT_MS },
  );
  return data.data;
}

export function useRegisterExhibitor({ onSuccess }: { onSuccess: (received: RegistrationReceived) => void }) {
  return useMutation({ mutationFn: registerExhibitor, onSuccess });
}
