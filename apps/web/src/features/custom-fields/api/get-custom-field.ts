import type { CustomField } from '@portal/shared/custom-fields';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { customFieldKeys } from './custom-field-keys';

export async function getCustomField(id: number): Promise<CustomField> {
  const { data } = await api.get<{ data: CustomField }>(`/custom-fields/${id}`);
  return data.data;
}

export const customFieldQueryOptions = (id: number) =>
  queryOptions({ queryKey: customFieldKeys.detail(id), queryFn: () => getCustomField(id) });

export function useCustomField(id: number) {
  return useQuery(customFieldQueryOptions(id));
}
