import type { CreateExhibitorBody, Exhibitor } from '@portal/shared/exhibitors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { exhibitorKeys } from './exhibitor-keys';

export async function createExhibitor(body: CreateExhibitorBody): Promise<Exhibitor> {
  const { data } = await api.post<{ data: Exhibitor }>('/admin/exhibitors', body);
  return data.data;
}

export function useCreateExhibitor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExhibitor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exhibitorKeys.all }),
  });
}
