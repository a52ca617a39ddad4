import type { Admin } from '@portal/shared/admins';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** Placeholders for the account's personal data, its sign-in closed; what names it (purchases, invoices) stays. */
export async function anonymiseAdmin(id: number): Promise<Admin> {
  const { data } = await api.post<{ data: Admin }>(`/admin/admins/${id}/anonymise`);
  return data.data;
}

export function useAnonymiseAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: anonymiseAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
