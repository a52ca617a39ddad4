import type { Company, CompanyBody } from '@portal/shared/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyKeys } from './company-keys';

export async function createCompany(body: CompanyBody): Promise<Company> {
  const { data } = await api.post<{ data: Company }>('/admin/companies', body);
  return data.data;
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}
