import type { SessionAdmin } from '@portal/shared/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authKeys } from './auth-keys';

export async function getMe(): Promise<SessionAdmin> {
  const { data } = await api.get<{ data: SessionAdmin }>('/auth/me');
  return data.data;
}

export const meQueryOptions = () => queryOptions({ queryKey: authKeys.me(), queryFn: getMe });

/** The signed-in admin as the server sees them now: roles and permissions may have changed since sign-in. */
export function useMe({ enabled }: { enabled: boolean }) {
  return useQuery({ ...meQueryOptions(), enabled });
}
