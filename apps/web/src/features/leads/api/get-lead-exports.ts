import type { LeadExportLogEntry } from '@portal/shared/leads';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { leadKeys } from './lead-keys';

export async function getLeadExports(): Promise<LeadExportLogEntry[]> {
  const { data } = await api.get<{ data: LeadExportLogEntry[] }>('/leads/exports');
  return data.data;
}

export const leadExportsQueryOptions = () => queryOptions({ queryKey: leadKeys.exports(), queryFn: getLeadExports });

/** The export log: the exhibitor account's alone. */
export function useLeadExports({ enabled }: { enabled: boolean }) {
  return useQuery({ ...leadExportsQueryOptions(), enabled });
}
