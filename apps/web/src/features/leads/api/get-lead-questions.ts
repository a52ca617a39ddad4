import { MAX_PAGE_SIZE } from '@portal/shared/common';
import type { CustomField } from '@portal/shared/custom-fields';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListResponse } from '@/lib/api-types';
import { leadKeys } from './lead-keys';

/**
 * The exhibitor's qualifier questions: custom fields of the entity type `lead`, the active ones in
 * their order. The API scopes them to the caller's exhibitor.
 */
export async function getLeadQuestions(): Promise<CustomField[]> {
  const { data } = await api.get<ListResponse<CustomField>>('/custom-fields', {
    params: { entityType: 'lead', per_page: MAX_PAGE_SIZE, sort: 'sortOrder' },
  });
  return data.data.filter((field) => field.isActive);
}

export const leadQuestionsQueryOptions = () =>
  queryOptions({ queryKey: leadKeys.questions(), queryFn: getLeadQuestions });

export function useLeadQuestions() {
  return useQuery(leadQuestionsQueryOptions());
}
