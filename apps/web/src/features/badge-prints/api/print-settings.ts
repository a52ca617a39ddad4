import type { BadgeSheetId, PrintSettings } from '@portal/shared/badge-prints';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fetchFile, saveFile } from '@/lib/save-file';
import { printKeys } from './print-keys';

const settingsUrl = (eventId: number) => `/admin/events/${eventId}/badge-print-settings`;

export async function getPrintSettings(eventId: number): Promise<PrintSettings> {
  const { data } = await api.get<{ data: PrintSettings }>(settingsUrl(eventId));
  return data.data;
}

export const printSettingsQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: printKeys.settings(eventId), queryFn: () => getPrintSettings(eventId) });

export function usePrintSettings(eventId: number) {
  return useQuery(printSettingsQueryOptions(eventId));
}

export async function savePrintSettings({ eventId, settings }: { eventId: number; settings: PrintSettings }): Promise<PrintSettings> {
  const { data } = await api.put<{ data: PrintSettings }>(settingsUrl(eventId), settings);
  return data.data;
}

export function useSavePrintSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePrintSettings,
    onSuccess: (settings, { eventId }) => queryClient.setQueryData(printKeys.settings(eventId), settings),
  });
}

/** The calibration page of a sheet, drawn with the saved settings. */
export async function downloadTestPage({ eventId, sheet }: { eventId: number; sheet: BadgeSheetId }): Promise<void> {
  const { content, fileName } = await fetchFile(`${settingsUrl(eventId)}/test-page.pdf`, { sheet });
  saveFile(content, fileName ?? `calibration-${sheet}.pdf`);
}

export function useDownloadTestPage() {
  return useMutation({ mutationFn: downloadTestPage });
}
