import { LOGO_FIELD, type InvoiceSettings } from '@portal/shared/invoicing';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fetchFile } from '@/lib/save-file';
import { invoiceSettingsKeys } from './invoice-settings';

const logoUrl = (eventId: number) => `/events/${eventId}/invoicing/logo`;
const logoKey = (eventId: number) => [...invoiceSettingsKeys.event(eventId), 'logo'] as const;

function dataUrlOf(picture: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The logo could not be read'));
    reader.readAsDataURL(picture);
  });
}

/**
 * The current logo as a data URL for an `<img>`: fetched with the bearer token, which an
 * `<img src>` cannot send; a data URL, unlike an object URL, needs no revoking.
 */
export async function getIssuerLogo(eventId: number): Promise<string> {
  return dataUrlOf((await fetchFile(logoUrl(eventId))).content);
}

export function useIssuerLogo(eventId: number, enabled: boolean) {
  return useQuery(queryOptions({ queryKey: logoKey(eventId), queryFn: () => getIssuerLogo(eventId), enabled }));
}

export async function uploadIssuerLogo({ eventId, file }: { eventId: number; file: File }): Promise<InvoiceSettings> {
  const form = new FormData();
  form.append(LOGO_FIELD, file);
  const { data } = await api.put<{ data: InvoiceSettings }>(logoUrl(eventId), form);
  return data.data;
}

export async function removeIssuerLogo(eventId: number): Promise<void> {
  await api.delete(logoUrl(eventId));
}

/** Uploads or removes the logo; the settings and the preview then show the new one. */
export function useIssuerLogoChanges(eventId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.removeQueries({ queryKey: logoKey(eventId) });
  const upload = useMutation({
    mutationFn: uploadIssuerLogo,
    onSuccess: (saved) => {
      refresh();
      queryClient.setQueryData(invoiceSettingsKeys.event(eventId), saved);
    },
  });
  const remove = useMutation({
    mutationFn: () => removeIssuerLogo(eventId),
    onSuccess: () => {
      refresh();
      queryClient.setQueryData<InvoiceSettings>(invoiceSettingsKeys.event(eventId), (current) =>
        current ? { ...current, logo: null } : current,
      );
    },
  });
  return { upload, remove };
}
