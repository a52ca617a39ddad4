import type { Company, CompanyBody } from '@portal/shared/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyKeys } from './company-keys';

export async function updateCompany({ id, body }: { id: number; body: CompanyBody }): Promise<Company> {
  const { data } = await api.put<{ data: Company }>(`/admin/companies/${id}`, body);
  return data.data;
}

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}
