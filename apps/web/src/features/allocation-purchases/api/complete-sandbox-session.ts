import type { SandboxOutcomeBody } from '@portal/shared/allocation-purchases';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The test payer's choice; answers where the provider would send the browser back to. */
export async function completeSandboxSession({
  sessionId,
  outcome,
}: {
  sessionId: string;
  outcome: SandboxOutcomeBody['outcome'];
}): Promise<{ redirectUrl: string }> {
  const { data } = await api.post<{ data: { redirectUrl: string } }>(
    `/payments/sandbox/${encodeURIComponent(sessionId)}`,
    { outcome },
    { skipAuth: true },
  );
  return data.data;
}

export function useCompleteSandboxSession() {
  return useMutation({ mutationFn: completeSandboxSession });
}
