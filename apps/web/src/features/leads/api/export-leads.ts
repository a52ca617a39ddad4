import type { LeadExportFormat } from '@portal/shared/leads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchFile, saveFile } from '@/lib/save-file';
import type { LeadFilters } from '../lib/lead-filters';
import { leadKeys } from './lead-keys';

/** The leads of the current filters as a file the server makes, saved under the name it gives. */
export async function exportLeads(filters: LeadFilters, format: LeadExportFormat): Promise<void> {
  const file = await fetchFile('/leads/export', { ...filters, format });
  saveFile(file.content, file.fileName ?? `leads.${format}`);
}

/** Every export is logged on the server: the log is read again after one. */
export function useExportLeads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ filters, format }: { filters: LeadFilters; format: LeadExportFormat }) =>
      exportLeads(filters, format),
    onSettled: () => queryClient.invalidateQueries({ queryKey: leadKeys.exports() }),
  });
}
