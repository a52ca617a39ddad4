import { AUTH_MESSAGES, loginResponseSchema, type LoginResponse } from '@portal/shared/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { NO_AUTH_REDIRECT_HEADER } from '@/config/app';
import { api } from '@/lib/api-client';
import { authKeys } from './auth-keys';

export async function ssoLogin(token: string): Promise<LoginResponse> {
  let body: unknown;
  try {
    ({ data: body } = await api.get(`/integrations/jwt/verify/${encodeURIComponent(token)}`, {
      headers: { [NO_AUTH_REDIRECT_HEADER]: 'true' },
    }));
  } catch {
    throw new Error(AUTH_MESSAGES.ssoFailed);
  }
  const parsed = loginResponseSchema.safeParse(body);
  if (!parsed.success) throw new Error(AUTH_MESSAGES.ssoProcessingFailed);
  return parsed.data;
}

// The API accepts a single sign-on token once: asking again can only be refused, so no retry.
export const ssoLoginQueryOptions = (token: string) =>
  queryOptions({
    queryKey: authKeys.sso(token),
    queryFn: () => ssoLogin(token),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

export function useSsoLogin(token: string) {
  return useQuery({ ...ssoLoginQueryOptions(token), enabled: token !== '' });
}
