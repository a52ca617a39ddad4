import type { AuditFilter, AuditPage, AuditQuery } from '@portal/shared/audit';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fetchFile, saveFile } from '@/lib/save-file';
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

/** The log with the same filters as a csv or xlsx file, made by the server. */
export async function exportAuditLog(filters: Partial<AuditFilter>, format: 'csv' | 'xlsx') {
  const file = await fetchFile('/audit/export', { ...filters, format });
  saveFile(file.content, file.fileName ?? `history.${format}`);
}
