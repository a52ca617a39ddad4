import { MAX_PAGE_SIZE } from '@portal/shared/common';
import type { CustomField } from '@portal/shared/custom-fields';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListResponse } from '@/lib/api-types';
import { customFieldKeys } from './custom-field-keys';

/** The signed-in exhibitor's own qualifier questions, in the order they are asked; the server knows whose. */
export async function getLeadQuestions(): Promise<CustomField[]> {
  const { data } = await api.get<ListResponse<CustomField>>('/custom-fields', {
    params: { entityType: 'lead', per_page: MAX_PAGE_SIZE },
  });
  return data.data;
}

export const leadQuestionsQueryOptions = () =>
  queryOptions({ queryKey: customFieldKeys.leadQuestions(), queryFn: getLeadQuestions });

export function useLeadQuestions() {
  return useQuery(leadQuestionsQueryOptions());
}
