import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { badgeKeys } from './badge-keys';

export type AddonAssignment = { badgeIds: number[]; addonCategoryId: number; action: 'assign' | 'remove' };

/** Assigns or removes one add-on on many badges at once; all or nothing within the add-on allocations. */
export async function assignAddons(body: AddonAssignment): Promise<void> {
  await api.patch('/admin/users/bulk-addon-assignment', body);
}

export function useAssignAddons() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignAddons,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: badgeKeys.all }),
  });
}
