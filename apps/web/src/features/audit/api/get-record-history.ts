import type { AuditPage, HistoryRecord, RecordHistoryQuery } from '@portal/shared/audit';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { auditKeys } from './audit-keys';

export async function getRecordHistory(
  kind: HistoryRecord,
  id: number,
  query: Partial<RecordHistoryQuery>,
): Promise<AuditPage> {
  const { data } = await api.get<AuditPage>(`/audit/records/${kind}/${id}`, { params: query });
  return data;
}

export const recordHistoryQueryOptions = (kind: HistoryRecord, id: number, query: Partial<RecordHistoryQuery>) =>
  queryOptions({
    queryKey: auditKeys.record(kind, id, query),
    queryFn: () => getRecordHistory(kind, id, query),
    placeholderData: keepPreviousData,
    // Any write elsewhere in the portal may add an entry: a history opened again is read again.
    staleTime: 0,
  });

export function useRecordHistory(kind: HistoryRecord, id: number, query: Partial<RecordHistoryQuery>) {
  return useQuery(recordHistoryQueryOptions(kind, id, query));
}
