import type { SandboxSession } from '@portal/shared/allocation-purchases';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { purchaseKeys } from './purchase-keys';

export async function getSandboxSession(sessionId: string): Promise<SandboxSession> {
  const { data } = await api.get<{ data: SandboxSession }>(`/payments/sandbox/${encodeURIComponent(sessionId)}`, {
    skipAuth: true,
  });
  return data.data;
}

export const sandboxSessionQueryOptions = (sessionId: string) =>
  queryOptions({ queryKey: purchaseKeys.sandboxSession(sessionId), queryFn: () => getSandboxSession(sessionId) });

export function useSandboxSession(sessionId: string) {
  return useQuery(sandboxSessionQueryOptions(sessionId));
}
