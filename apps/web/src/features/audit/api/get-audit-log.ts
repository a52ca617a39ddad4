import type { AuditPage, AuditQuery } from '@portal/shared/audit';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { auditKeys } from './audit-keys';

export async function getAuditLog(query: Partial<AuditQuery>): Promise<AuditPage> {
  const { data } = await api.get<AuditPage>('/audit', { params: query });
  return data;
}

export const auditLogQueryOptions = (query: Partial<AuditQuery>) =>
  queryOptions({
    queryKey: auditKeys.log(query),
    queryFn: () => getAuditLog(query),
    // The page stays in view while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });

export function useAuditLog(query: Partial<AuditQuery>) {
  return useQuery(auditLogQueryOptions(query));
}
