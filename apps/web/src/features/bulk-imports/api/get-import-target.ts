import type { PortalEvent } from '@portal/shared/events';
import type { Exhibitor } from '@portal/shared/exhibitors';
import type { Permission } from '@portal/shared/permissions';
import type { SubAccount } from '@portal/shared/sub-accounts';
import { useQuery } from '@tanstack/react-query';
import { useCan } from '@/hooks/use-can';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { bulkImportKeys, type ImportTargetIds } from './get-import-categories';

/** The words for where the rows go, read from the most specific record of the target. */
export async function describeImportTarget({ eventId, exhibitorId, subAccountId }: ImportTargetIds): Promise<string> {
  if (subAccountId != null) {
    const { data } = await api.get<{ data: SubAccount }>(`/admin/sub-accounts/${subAccountId}`);
    const owner = data.data.companyName ?? data.data.exhibitorName;
    return `${data.data.name}, sub-account of ${owner}${data.data.eventName ? ` at ${data.data.eventName}` : ''}`;
  }
  if (exhibitorId != null) {
    const { data } = await api.get<{ data: Exhibitor }>(`/admin/exhibitors/${exhibitorId}`);
    return `${data.data.companyName ?? data.data.name} at ${data.data.eventName}`;
  }
  const { data } = await api.get<{ data: PortalEvent }>(`/events/${eventId}`);
  return data.data.name;
}

/**
 * Where the rows of this screen go, in words, or null while unknown. Users importing into their own
 * allocation or event are told so without a call; others read the record when they may see it.
 */
export function useImportTarget(ids: ImportTargetIds): string | null {
  const session = useSession();
  const can = useCan();
  const holderId = ids.subAccountId ?? ids.exhibitorId;
  const ownEvent = session?.user.eventId === ids.eventId ? (session.user.event?.name ?? null) : null;
  const ownAllocation = ownEvent ? `your own allocation at ${ownEvent}` : 'your own allocation';
  const ownWords = holderId == null ? ownEvent : session?.user.id === holderId ? ownAllocation : null;
  const needed: Permission =
    ids.subAccountId != null ? 'view_sub_accounts' : ids.exhibitorId != null ? 'view_exhibitors' : 'view_events';
  const target = useQuery({
    queryKey: bulkImportKeys.target(ids),
    queryFn: () => describeImportTarget(ids),
    enabled: ownWords == null && can(needed),
  });
  return ownWords ?? target.data ?? null;
}
