import type { CaptureLeadBody, CapturedLead } from '@portal/shared/leads';
import { api } from '@/lib/api-client';

/** One scan at the booth: the same nonce sent again gives the same lead and records nothing new. */
export async function captureLead(
  body: CaptureLeadBody,
  { timeoutMs }: { timeoutMs?: number } = {},
): Promise<CapturedLead> {
  const { data } = await api.post<{ data: CapturedLead }>(
    '/leads',
    body,
    timeoutMs ? { timeout: timeoutMs } : undefined,
  );
  return data.data;
}
