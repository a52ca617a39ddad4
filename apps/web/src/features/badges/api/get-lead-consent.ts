import type { LeadConsentQuestion } from '@portal/shared/leads';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { badgeKeys } from './badge-keys';

/** The consent question the event asks a badge holder (docs/leads.md), or null when it asks none. */
export async function getLeadConsent(eventId: number): Promise<LeadConsentQuestion | null> {
  const { data } = await api.get<{ data: LeadConsentQuestion | null }>(`/admin/events/${eventId}/lead-consent`);
  return data.data;
}

export function useLeadConsent(eventId: number | null) {
  return useQuery({
    queryKey: badgeKeys.leadConsent(eventId ?? 0),
    queryFn: () => getLeadConsent(eventId!),
    enabled: eventId != null,
  });
}
