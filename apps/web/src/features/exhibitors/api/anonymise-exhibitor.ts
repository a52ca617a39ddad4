import type { Exhibitor } from '@portal/shared/exhibitors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { exhibitorKeys } from './exhibitor-keys';

/** Placeholders for its and its sub-accounts' personal data, their sign-in closed; its company, purchases and invoices stay. */
export async function anonymiseExhibitor(id: number): Promise<Exhibitor> {
  const { data } = await api.post<{ data: Exhibitor }>(`/admin/exhibitors/${id}/anonymise`);
  return data.data;
}

export function useAnonymiseExhibitor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: anonymiseExhibitor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exhibitorKeys.all }),
  });
}
